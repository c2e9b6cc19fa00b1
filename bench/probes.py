"""Score the analyser on the probe corpora in `bench/probes/` (adversarial, hand-judged cases).

Each case is a folder holding a small repository and a `TRUTH` file, one `path: Verdict` line per
file that builds or serves requests, as an expert reads real Python and vLLM. `wild7` holds
single-file traps of Python features; `wild8` holds multi-file repositories shaped like RL
trainers, eval harnesses and serving wrappers; `wild9` more of those (`a*`: RL weight sync,
`b*`: eval sweeps and serving); `wild10` library classes that frameworks and callers drive
between two calls (a `Trainer` subclass, an evaluator handed the trainer), and a script that
stages each checkpoint file by file (hundreds of writes; once minutes a scan); `wild11` Python
and library semantics a reader might model wrongly (value equality of tuples, the method
resolution order, `setattr`, raises that skip a drop, batched request lists, path spellings,
routes), 135 cases. The truths were checked against a fake vLLM that copies its cache (wild9's
with a replay of its LRU cache; wild11's Python cases against a stub that prints each served id
and path, its batching cases read from vLLM's scheduler).

    uv run --frozen python -m bench.probes [wild7|wild8|wild9|wild10|wild11 ...] [--case NAME ...]

Mismatches are printed by kind, worst first: a Safe verdict where the truth is Affected, or a file
with no row, is what the product must never do (exit status 1 when there is one). This is a
measurement, not a test: the Indeterminate rows where the truth is decided are the work left.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PROBES = Path(__file__).parent / "probes"
KINDS = ("FALSE SAFE", "NO ROW", "FALSE AFFECTED", "INDETERMINATE (truth decided)", "OTHER")


def _truth(case: Path) -> dict[str, str]:
    found = {}
    for line in (case / "TRUTH").read_text().splitlines():
        if line.strip():
            path, _, verdict = line.rpartition(":")
            found[path.strip()] = verdict.strip()
    return found


def _rows(case: Path, cache: str) -> dict[str, dict[str, str]]:
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp) / case.name
        shutil.copytree(case, work)
        done = subprocess.run(
            [sys.executable, "-m", "lora_audit", "scan", str(work), "--format", "json",
             "--exit-zero"],
            capture_output=True, text=True, env={**os.environ, "XDG_CACHE_HOME": cache},
            check=False,
        )  # fmt: skip
    try:
        report = json.loads(done.stdout)
    except ValueError:
        return {}
    return {row["path"]: row for row in report.get("drivers", [])}


def _kind(truth: str, got: str | None) -> str | None:
    if got is None:
        return "NO ROW"
    if got == truth:
        return None
    if truth == "Affected" and got.startswith("Safe-"):
        return "FALSE SAFE"
    if got == "Affected":
        return "FALSE AFFECTED"
    if got == "Indeterminate":
        return "INDETERMINATE (truth decided)"
    return "OTHER"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sets", nargs="*", default=sorted(p.name for p in PROBES.iterdir()))
    parser.add_argument("--case", action="append", default=[], help="only these case folders")
    args = parser.parse_args(argv)
    found: dict[str, list[str]] = {kind: [] for kind in KINDS}
    right = total = 0
    with tempfile.TemporaryDirectory() as cache:
        for name in args.sets:
            for case in sorted(p for p in (PROBES / name).iterdir() if (p / "TRUTH").exists()):
                if args.case and case.name not in args.case:
                    continue
                rows = _rows(case, cache)
                for path, truth in _truth(case).items():
                    total += 1
                    row = rows.get(path)
                    kind = _kind(truth, row["verdict"] if row else None)
                    if kind is None:
                        right += 1
                        continue
                    reason = row["reason"][:200] if row else ""
                    got = row["verdict"] if row else "-"
                    found[kind].append(f"{name}/{case.name}/{path}: truth {truth}, got {got}")
                    found[kind].append(f"    {reason}")
    print(f"probes: {right}/{total} agree")
    for kind in KINDS:
        print(f"\n== {kind}: {len(found[kind]) // 2}")
        print("\n".join(found[kind]))
    return 1 if found["FALSE SAFE"] or found["NO ROW"] else 0


if __name__ == "__main__":
    sys.exit(main())
