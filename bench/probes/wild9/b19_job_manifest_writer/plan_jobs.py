"""python plan_jobs.py --run-dir /ckpt/run42 --dataset s3://evals/ifeval.jsonl"""

import argparse
from pathlib import Path

from planner.jobs import make_job, write_jobs


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run-dir", required=True, type=Path)
    ap.add_argument("--base", default="meta-llama/Llama-3.1-8B")
    ap.add_argument("--dataset", required=True)
    ap.add_argument("--out", default="jobs", type=Path)
    args = ap.parse_args()

    ckpts = sorted(args.run_dir.glob("checkpoint-*"), key=lambda p: int(p.name.split("-")[1]))
    jobs = [make_job(args.base, ck, args.dataset) for ck in ckpts]
    for p in write_jobs(jobs, args.out):
        print("wrote", p)


if __name__ == "__main__":
    main()
