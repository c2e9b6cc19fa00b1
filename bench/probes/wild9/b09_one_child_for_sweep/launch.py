"""Train-side launcher: after training finishes, evaluate all checkpoints.

The eval runs in a separate interpreter so that the training process's CUDA
context (and its ~70 GB of optimizer state) is fully released first.
"""

import argparse
import glob
import os
import subprocess
import sys


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--base", default="mistralai/Mistral-7B-v0.1")
    ap.add_argument("--data", default="data/mmlu_dev.jsonl")
    args = ap.parse_args()

    ckpts = sorted(glob.glob(os.path.join(args.run_dir, "checkpoint-*")),
                   key=lambda p: int(p.rsplit("-", 1)[1]))
    if not ckpts:
        sys.exit(f"no checkpoints under {args.run_dir}")
    cmd = [sys.executable, "-m", "evalkit.run_child",
           "--base", args.base, "--data", args.data,
           "--out", os.path.join(args.run_dir, "mcq_eval.json"), *ckpts]
    print("launching eval:", " ".join(cmd[:6]), f"... ({len(ckpts)} checkpoints)")
    subprocess.run(cmd, check=True, env={**os.environ, "TOKENIZERS_PARALLELISM": "false"})


if __name__ == "__main__":
    main()
