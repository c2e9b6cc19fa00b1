"""Run scripts/eval_one.py once per checkpoint, each in its own interpreter
(vLLM does not reliably free GPU memory when an LLM is deleted)."""

import argparse
import os
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def checkpoints(run_dir: str) -> list[str]:
    names = [d for d in os.listdir(run_dir) if d.startswith("checkpoint-")]
    names.sort(key=lambda d: int(d.split("-")[1]))
    return [os.path.join(run_dir, d) for d in names]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True)
    ap.add_argument("--base", default="EleutherAI/pythia-2.8b")
    ap.add_argument("--out-dir", default="tox_outputs")
    args = ap.parse_args()

    Path(args.out_dir).mkdir(parents=True, exist_ok=True)
    failed = []
    for ck in checkpoints(args.run_dir):
        out = Path(args.out_dir) / f"{Path(ck).name}.jsonl"
        if out.exists():
            print("skip", ck)
            continue
        rc = subprocess.call([
            sys.executable, str(HERE / "scripts" / "eval_one.py"),
            "--base", args.base, "--adapter", ck, "--out", str(out),
        ])
        if rc != 0:
            failed.append(ck)
    if failed:
        sys.exit(f"{len(failed)} checkpoints failed: {failed}")


if __name__ == "__main__":
    main()
