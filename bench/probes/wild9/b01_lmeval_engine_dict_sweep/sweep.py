"""Evaluate every checkpoint-* folder of a PEFT training run with minieval.

    python sweep.py --run-dir outputs/llama3-gsm8k-lora --tasks gsm8k,svamp
"""

import argparse
import glob
import json
import os
import re

from minieval import VLLMCausalLM, simple_evaluate


def _step(path: str) -> int:
    m = re.search(r"checkpoint-(\d+)", path)
    return int(m.group(1)) if m else -1


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--run-dir", required=True)
    p.add_argument("--base", default="meta-llama/Meta-Llama-3-8B")
    p.add_argument("--tasks", default="gsm8k")
    p.add_argument("--limit", type=int, default=None)
    p.add_argument("--out", default="sweep_results.json")
    args = p.parse_args()

    ckpts = sorted(glob.glob(os.path.join(args.run_dir, "checkpoint-*")), key=_step)
    table = {}
    for ckpt in ckpts:
        lm = VLLMCausalLM(pretrained=args.base, lora_local_path=ckpt, max_lora_rank=64)
        table[os.path.basename(ckpt)] = simple_evaluate(lm, args.tasks.split(","), args.limit)
        print(ckpt, table[os.path.basename(ckpt)])
    with open(args.out, "w") as fh:
        json.dump(table, fh, indent=2)


if __name__ == "__main__":
    main()
