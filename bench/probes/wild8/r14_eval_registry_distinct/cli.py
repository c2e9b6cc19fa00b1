import argparse
import json

from vllm import LLM

from harness import REGISTRY, run_all


def load_prompts(path="data/prompts.json"):
    with open(path) as f:
        return json.load(f)


def main():
    ap = argparse.ArgumentParser(description="evaluate registered adapters")
    ap.add_argument("--models", nargs="+", default=list(REGISTRY))
    ap.add_argument("--base", default="meta-llama/Llama-3.1-8B-Instruct")
    args = ap.parse_args()
    llm = LLM(model=args.base, enable_lora=True, max_loras=2, max_lora_rank=64)
    res = run_all(llm, args.models, load_prompts())
    for k, v in res.items():
        print(k, v[:1])


if __name__ == "__main__":
    main()
