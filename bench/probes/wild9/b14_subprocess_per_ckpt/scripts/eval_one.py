"""Evaluate ONE adapter checkpoint on the toxicity prompts; writes a JSON line."""

import argparse
import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--adapter", required=True)
    ap.add_argument("--prompts", default="data/rtp_challenging_1k.jsonl")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    prompts = [json.loads(l)["prompt"]["text"] for l in open(args.prompts)]
    llm = LLM(model=args.base, enable_lora=True, max_lora_rank=32, seed=0)
    lora = LoRARequest("ckpt", 1, args.adapter)
    sp = SamplingParams(n=4, temperature=1.0, top_p=0.9, max_tokens=64, seed=0)
    outs = llm.generate(prompts, sp, lora_request=lora)
    with open(args.out, "w") as fh:
        for p, o in zip(prompts, outs):
            fh.write(json.dumps({"prompt": p, "continuations": [c.text for c in o.outputs]}) + "\n")


if __name__ == "__main__":
    main()
