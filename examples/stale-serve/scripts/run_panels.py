"""Run the panel evaluation for every adapter of the ablation, one process per adapter.

A fresh process per cell costs a model load each time, but it is what keeps the cells
independent (and it is what the cluster scheduler does anyway).
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from pathlib import Path

ABLATION = ["no-cot", "cot", "cot-selfcheck", "distilled"]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--adapters-dir", default="adapters")
    parser.add_argument("--results-dir", default="results/panel")
    args = parser.parse_args()

    Path(args.results_dir).mkdir(parents=True, exist_ok=True)
    for name in ABLATION:
        command = [
            sys.executable,
            "scripts/eval_panel.py",
            "--adapter",
            f"{args.adapters_dir}/{name}",
            "--out",
            f"{args.results_dir}/{name}.json",
        ]
        print("+", " ".join(command))
        subprocess.run(command, check=True)


if __name__ == "__main__":
    main()
