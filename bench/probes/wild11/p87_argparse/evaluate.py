"""Evaluate adapters given on the command line."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="Qwen/Qwen2.5-0.5B")
    ap.add_argument("--lora-id", type=int, default=1)
    ap.add_argument("--adapters", nargs="+", required=True)
    args = ap.parse_args()
    llm = LLM(model=args.base, enable_lora=True)
    for path in args.adapters:
        req = LoRARequest(path, args.lora_id, path)
        print(path, llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))


if __name__ == "__main__":
    main()
