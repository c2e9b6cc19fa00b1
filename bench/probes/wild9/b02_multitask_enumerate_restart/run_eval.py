"""Multi-task adapter eval.

    python run_eval.py                      # all tasks in mtbench/conf/eval.yaml
    python run_eval.py --only gsm8k arc_challenge
"""

import argparse
import json
from pathlib import Path

from omegaconf import OmegaConf

from mtbench import run_task

DEFAULT_CONF = Path(__file__).parent / "mtbench" / "conf" / "eval.yaml"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", nargs="*", default=None)
    ap.add_argument("--out", default="results/multitask.json")
    args = ap.parse_args()

    cfg = OmegaConf.load(DEFAULT_CONF)
    names = args.only or list(cfg.tasks.keys())
    report = {}
    for name in names:
        report[name] = run_task(cfg, name)
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
