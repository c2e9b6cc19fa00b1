"""Benchmark `lora-audit scan` against `git grep` and `ruff check --select E9` on one repository.

Generates a 10,000-file git repository (about 20 drivers among ordinary code), then measures in
one run, on the same tree: the real console entry in a subprocess, a `git grep` for the adapter
needles, and ruff's syntax-error check. Prints wall times (median of --repeat runs), the ratios,
and the scan's peak RSS. Targets: scan <= 2x git grep, well under ruff.

    uv run --frozen python bench/scan.py [--files 10000] [--repeat 5] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from analyzers.vllm.api import PREFILTER_NEEDLES

GREP_PATTERN = "|".join(needle.decode() for needle in PREFILTER_NEEDLES)
BIN = Path(sys.executable).parent

ORDINARY = '''\
"""Module {n}: data utilities for experiment {group}."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass


@dataclass
class Record{n}:
    name: str
    score: float
    tags: list[str]

    def normalised(self) -> float:
        return max(0.0, min(1.0, self.score / {scale}))


def load_records_{n}(path: str) -> list[Record{n}]:
    records = []
    with open(path) as handle:
        for line in handle:
            item = json.loads(line)
            records.append(Record{n}(item["name"], float(item["score"]), item.get("tags", [])))
    return records


def summarise_{n}(records: list[Record{n}]) -> dict[str, float]:
    if not records:
        return {{}}
    scores = [r.normalised() for r in records]
    return {{"mean": sum(scores) / len(scores), "max": max(scores), "min": min(scores)}}


def write_summary_{n}(records: list[Record{n}], out_dir: str) -> str:
    os.makedirs(out_dir, exist_ok=True)
    target = os.path.join(out_dir, "summary_{n}.json")
    with open(target, "w") as handle:
        json.dump(summarise_{n}(records), handle)
    return target
'''

DRIVER = '''\
"""Evaluation driver {n}."""

import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from common.helpers_{n} import checkpoints_for


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--run", default="runs/{n}")
    args = parser.parse_args()
    llm = LLM(model="base", enable_lora=True, max_loras={capacity})
    for index, checkpoint in enumerate(checkpoints_for(args.run)):
        request = LoRARequest(f"c{{index}}", {id_expr}, checkpoint)
        llm.generate(["prompt"], SamplingParams(), lora_request=request)


if __name__ == "__main__":
    main()
'''

HELPER = '''\
"""Checkpoint discovery for driver {n}."""

import os


def checkpoints_for(run: str) -> list[str]:
    return [os.path.join(run, f"step_{{s}}") for s in range(0, 1000, 250)]
'''


def generate(root: Path, files: int, drivers: int) -> None:
    rng = random.Random(1234)
    root.mkdir(parents=True)
    (root / "common").mkdir()
    (root / "common" / "__init__.py").write_text("")
    for n in range(drivers):
        id_expr = rng.choice(
            ["1", "index + 1", "index % 2 + 1", "abs(hash(checkpoint)) % 1000003 + 1"]
        )
        folder = root / f"experiments/exp{n:02d}"
        folder.mkdir(parents=True)
        (folder / "evaluate.py").write_text(
            DRIVER.format(n=n, capacity=rng.choice([1, 2, 4]), id_expr=id_expr)
        )
        (root / "common" / f"helpers_{n}.py").write_text(HELPER.format(n=n))
    remaining = files - 2 * drivers - 1
    for n in range(remaining):
        folder = root / f"pkg{n % 40:02d}" / f"sub{n % 7}"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / f"module_{n}.py").write_text(ORDINARY.format(n=n, group=n % 13, scale=n % 9 + 1))
    names = ("GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "GIT_COMMITTER_NAME", "GIT_COMMITTER_EMAIL")
    env = {**os.environ, **dict.fromkeys(names, "bench")}
    for args in (["init", "-q", "-b", "main"], ["add", "-A"], ["commit", "-q", "-m", "bench"]):
        subprocess.run(["git", *args], cwd=root, env=env, check=True)


def timed(command: list[str], cwd: Path, cache: Path | None = None) -> tuple[float, int, int]:
    """Wall seconds, exit status and peak RSS (KiB) of one child process.

    `cache` is the scan's XDG cache home; None gives every run an empty one (a cold scan).
    """
    home = cache or Path(tempfile.mkdtemp(prefix="lora-audit-cold-"))
    env = {**os.environ, "XDG_CACHE_HOME": str(home)}
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=cwd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
    )
    _, status, usage = os.wait4(process.pid, 0)
    elapsed = time.perf_counter() - start
    if cache is None:
        shutil.rmtree(home, ignore_errors=True)
    return elapsed, os.waitstatus_to_exitcode(status), usage.ru_maxrss


def measure(
    name: str, command: list[str], cwd: Path, repeat: int, cache: Path | None = None
) -> tuple[float, int]:
    timed(command, cwd, cache)  # warm the page cache (and, with `cache`, the scan's own cache)
    runs = [timed(command, cwd, cache) for _ in range(repeat)]
    codes = {code for _, code, _ in runs}
    wall = statistics.median(elapsed for elapsed, _, _ in runs)
    peak = max(rss for _, _, rss in runs)
    print(f"{name:<28} {wall * 1000:8.0f} ms   exit {sorted(codes)}")
    return wall, peak


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--files", type=int, default=10_000)
    parser.add_argument("--drivers", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--keep", type=Path, default=None, help="generate into DIR and keep it")
    args = parser.parse_args()

    workdir = Path(tempfile.mkdtemp(prefix="lora-audit-bench-"))
    root = args.keep or workdir / "repo"
    if not root.exists():
        generate(root, args.files, args.drivers)
    count = sum(1 for _ in root.rglob("*.py"))
    print(f"repository: {root} ({count:,} Python files, {args.drivers} drivers)")
    scan = [str(BIN / "lora-audit"), "scan", ".", "--format", "json", "--exit-zero"]
    grep = ["git", "grep", "-l", "-E", GREP_PATTERN]
    ruff = [str(BIN / "ruff"), "check", "--select", "E9", "--no-cache", "--quiet", "."]
    try:
        cold_wall, cold_rss = measure("lora-audit scan (cold)", scan, root, args.repeat)
        warm_wall, warm_rss = measure(
            "lora-audit scan (cached)", scan, root, args.repeat, workdir / "xdg"
        )
        grep_wall, _ = measure("git grep -l -E", grep, root, args.repeat)
        ruff_wall, _ = measure("ruff check --select E9", ruff, root, args.repeat)
    finally:
        if args.keep is None:
            shutil.rmtree(workdir, ignore_errors=True)
    for label, wall in (("cold", cold_wall), ("cached", warm_wall)):
        print(f"scan ({label:>6}) / git grep = {wall / grep_wall:6.2f}x   (target <= 2x)")
        print(f"scan ({label:>6}) / ruff E9  = {wall / ruff_wall:6.2f}x   (target well under 1x)")
    print(f"scan peak RSS: cold {cold_rss / 1024:.1f} MiB, cached {warm_rss / 1024:.1f} MiB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
