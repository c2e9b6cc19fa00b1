# expect: Safe-single-adapter line=22 reason~="one adapter per engine lifetime"
"""An eval script (MMLU-Pro's shape): `load_model()` returns the engine, the sampling
parameters and the request in one tuple, `main()` hands it to `eval_cot(model)` per subject,
which unpacks it and passes the request on to the helper that serves it. `eval_cot` mentions
`lora_request` but holds no site: it was also run on its own as library code with an unknown
`model`, which made the row Indeterminate ("no run of the file reaches eval_cot()")."""
import argparse

from datasets import load_dataset
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def batch_inference(llm, sampling_params, lora_request, batch):
    return llm.generate(batch, sampling_params, lora_request=lora_request)


def load_model(args):
    llm = LLM(model=args.model, enable_lora=bool(args.lora_path))
    lora_request = None
    if args.lora_path:
        lora_request = LoRARequest(lora_name="lora", lora_path=args.lora_path, lora_int_id=1)
    return (llm, SamplingParams(temperature=0), lora_request)


def eval_cot(subject, model, rows):
    llm, sampling_params, lora_request = model
    prompts = [f"{subject}: {row['question']}" for row in rows]
    return batch_inference(llm, sampling_params, lora_request, prompts)


def main(args):
    model = load_model(args)
    dataset = load_dataset("TIGER-Lab/MMLU-Pro")["test"]
    subjects = sorted({row["category"] for row in dataset})
    for subject in subjects:
        eval_cot(subject, model, [row for row in dataset if row["category"] == subject])


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("--model", default="meta-llama/Llama-2-7b-hf")
    parser.add_argument("--lora_path", default=None)
    main(parser.parse_args())
