# expect: Safe-single-adapter line=13 reason~="lora_int_id 1 is reused for different adapters, but each one gets a new engine"
"""Evaluate each checkpoint with a fresh engine, deleted afterwards: the constant id never meets a
warm cache."""
import argparse
import gc

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(checkpoint: str, prompts: list[str]) -> list[str]:
    llm = LLM(model="meta-llama/Llama-3.1-8B", enable_lora=True, max_lora_rank=64)
    outputs = llm.generate(prompts, SamplingParams(max_tokens=64), lora_request=LoRARequest("ckpt", 1, checkpoint))
    del llm
    gc.collect()
    return [o.outputs[0].text for o in outputs]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--checkpoints", nargs="+", required=True)
    args = parser.parse_args()
    prompts = ["What is 2 + 2?", "Name a prime number."]
    for checkpoint in args.checkpoints:
        print(checkpoint, evaluate(checkpoint, prompts))


if __name__ == "__main__":
    main()
