"""Child process: evaluate a list of adapter checkpoints on MMLU-style MCQ.

Invoked by launch.py as
    python -m evalkit.run_child --base BASE --data FILE --out OUT ckpt1 ckpt2 ...
"""

import argparse
import json
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from evalkit.prompts import mcq_prompt


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("ckpts", nargs="+")
    args = ap.parse_args()

    qs = [json.loads(l) for l in open(args.data)]
    prompts = [mcq_prompt(q) for q in qs]
    llm = LLM(model=args.base, enable_lora=True, max_lora_rank=64, max_model_len=4096)
    sp = SamplingParams(temperature=0.0, max_tokens=1, logprobs=5)

    acc = {}
    for ck in args.ckpts:
        req = LoRARequest(Path(ck).name, 1, ck)
        outs = llm.generate(prompts, sp, lora_request=req)
        acc[ck] = sum(o.outputs[0].text.strip() == q["answer"] for o, q in zip(outs, qs)) / len(qs)
        print(f"{ck}: {acc[ck]:.4f}", flush=True)
    Path(args.out).write_text(json.dumps(acc, indent=1))


if __name__ == "__main__":
    main()
