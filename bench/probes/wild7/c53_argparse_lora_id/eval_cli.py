import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def parse():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="meta-llama/Llama-3.1-8B")
    ap.add_argument("--lora-id", type=int, default=1)
    ap.add_argument("--checkpoints", nargs="+",
                    default=["/ck/step_1000", "/ck/step_2000", "/ck/step_3000"])
    ap.add_argument("--max-tokens", type=int, default=64)
    return ap.parse_args()


def main():
    args = parse()
    llm = LLM(args.model, enable_lora=True)
    sp = SamplingParams(max_tokens=args.max_tokens)
    for ck in args.checkpoints:
        req = LoRARequest(f"ck-{ck}", args.lora_id, ck)
        print(ck, llm.generate(["Hello"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
