"""Prefix-cache / adapter-swap latency ablation.

    python main.py --run-dir runs/ablate --id-scheme fixed
    python main.py --run-dir runs/ablate --id-scheme step
"""

import argparse
import json
import os
import re

from ablate.ids import SCHEMES
from ablate.run import run_sweep


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--base", default="Qwen/Qwen2.5-0.5B-Instruct")
    ap.add_argument("--id-scheme", choices=SCHEMES, required=True)
    ap.add_argument("--prompts", default="data/long_prefix_prompts.txt")
    args = ap.parse_args()

    ckpts = {}
    for d in os.listdir(args.run_dir):
        m = re.fullmatch(r"checkpoint-(\d+)", d)
        if m:
            ckpts[int(m.group(1))] = os.path.join(args.run_dir, d)
    prompts = [l.strip() for l in open(args.prompts) if l.strip()]
    rows = run_sweep(args.base, ckpts, prompts, args.id_scheme)
    print(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
