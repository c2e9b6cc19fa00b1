"""Benchmark the git-aware audit against the pickaxe the original audit used, in one run.

    uv run --frozen python -m bench.history [--commits 5000] [--files 300] [--branches 20]

1. A generated repository (5,000 commits, 300 Python files, 20 branches, a few drivers):
   `lora-audit scan REPO --history --all-branches` (a fresh process, as a user runs it) against
   `git log -S LoRARequest --all --name-only`; best of `--repeat` runs each, and the ratio. The
   same audit in-process (what a worker pays: no interpreter start-up or imports) is shown too.
   Then a check that every driver version the pickaxe finds was audited.
2. A 1,000-file repository whose head changes 3 files: base-vs-head with a warm cache (the base
   was audited before, as on the previous push) against a cold audit of head; the parse counts
   show that only the changed driver is parsed again.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from analyzers.audit import AuditOptions
from analyzers.files.parsing import parse_count
from analyzers.git.api import audit_commit, audit_commits, audit_history
from analyzers.git.history import read_history, scan_history
from analyzers.git.repository import GitRepository
from bench.repogen import build_flat_repo, build_history_repo

PICKAXE = ["git", "log", "-S", "LoRARequest", "--all", "--name-only", "--format=%x01%H"]


def best_of(repeat: int, action: Callable[[], object]) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return min(times)


def best_of_pair(
    repeat: int, first: Callable[[], object], second: Callable[[], object]
) -> tuple[float, float]:
    """Best times of two actions run alternately, so both see the same machine load."""
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        a.append(best_of(1, first))
        b.append(best_of(1, second))
    return min(a), min(b)


def run(argv: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> bytes:
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, check=False)
    if done.returncode not in (0, 1):
        raise SystemExit(f"{' '.join(argv)} failed ({done.returncode}): {done.stderr.decode()}")
    return done.stdout


def pickaxe_versions(repo: Path) -> set[tuple[str, str]]:
    """(path, blob) for each .py file the pickaxe lists, as it is after that commit."""
    out = run(PICKAXE, cwd=repo).decode()
    pairs = []
    for block in out.split("\x01")[1:]:
        lines = [line for line in block.splitlines() if line.strip()]
        pairs += [(lines[0], path) for path in lines[1:] if path.endswith(".py")]
    query = "".join(f"{sha}:{path}\n" for sha, path in pairs).encode()
    checked = subprocess.run(
        ["git", "cat-file", "--batch-check"], cwd=repo, input=query, capture_output=True, check=True
    ).stdout.decode()
    found = set()
    for (_, path), line in zip(pairs, checked.splitlines(), strict=True):
        fields = line.split()
        if len(fields) == 3 and fields[1] == "blob":  # else: the commit deleted the file
            found.add((path, fields[0]))
    return found


def history_bench(args: argparse.Namespace, work: Path) -> None:
    repo = work / "history"
    start = time.perf_counter()
    facts = build_history_repo(repo, commits=args.commits, files=args.files, branches=args.branches)
    print(
        f"history repository: {facts.commits} commits, {len(facts.branches)} branches, "
        f"{facts.files_at_head} files at HEAD (built in {time.perf_counter() - start:.1f} s)"
    )
    cli = [sys.executable, "-m", "lora_audit", "scan", str(repo), "--history", "--all-branches"]
    cli += ["--format", "json", "--exit-zero"]
    # The CLI keeps analyses in an on-disk cache: a private one, empty for the first run.
    env = {**os.environ, "XDG_CACHE_HOME": str(work / "xdg-cache")}
    run(PICKAXE, cwd=repo)  # warm the page cache for both
    cold_pickaxe, cold = best_of_pair(1, lambda: run(PICKAXE, cwd=repo), lambda: run(cli, env=env))
    pickaxe, ours = best_of_pair(
        args.repeat, lambda: run(PICKAXE, cwd=repo), lambda: run(cli, env=env)
    )
    print(f"  pickaxe  git log -S LoRARequest --all --name-only   {pickaxe:7.3f} s")
    print(f"  ours     lora-audit scan --history --all-branches   {ours:7.3f} s  (warm disk cache)")
    print(f"  ratio    {ours / pickaxe:.2f}x the pickaxe (target <= 1.5x)")
    print(
        f"  first run, empty disk cache                         {cold:7.3f} s  (pickaxe then "
        f"{cold_pickaxe:.3f} s: {cold / cold_pickaxe:.2f}x)"
    )

    def in_process(cache: dict[str, str]) -> object:
        with GitRepository(repo) as opened:
            return audit_history(opened, AuditOptions(), cache=cache)

    pickaxe, inside = best_of_pair(
        args.repeat, lambda: run(PICKAXE, cwd=repo), lambda: in_process({})
    )
    shared: dict[str, str] = {}
    in_process(shared)
    pickaxe_again, warm = best_of_pair(
        args.repeat, lambda: run(PICKAXE, cwd=repo), lambda: in_process(shared)
    )
    print("  in-process audit_history (a worker: imports done), pickaxe alternating:")
    print(
        f"    empty cache (first sweep)  {inside:7.3f} s vs {pickaxe:.3f} s: "
        f"{inside / pickaxe:.2f}x"
    )
    print(
        f"    warm cache (re-sweep)      {warm:7.3f} s vs {pickaxe_again:.3f} s: "
        f"{warm / pickaxe_again:.2f}x"
    )

    with GitRepository(repo) as opened:
        reading = best_of(args.repeat, lambda: read_history(opened))
        _, index = read_history(opened)
    print(
        f"    of which reading the history (git log --raw, one git grep over "
        f"{len(index)} Python blobs): {reading:.3f} s"
    )

    with GitRepository(repo) as opened:
        scan = scan_history(opened, AuditOptions(), cache={})
    wanted = pickaxe_versions(repo)
    ours_versions = {(path, blob) for path, blobs in scan.versions.items() for blob in blobs}
    missing = sorted(wanted - ours_versions)
    print(
        f"  driver versions: pickaxe finds {len(wanted)}, the audit found {len(ours_versions)} "
        f"({scan.audited} commits audited, {scan.reused} reused); "
        f"missed: {len(missing)} {missing[:5] if missing else ''}"
    )


def diff_bench(args: argparse.Namespace, work: Path) -> None:
    repo = work / "flat"
    base, head = build_flat_repo(repo, files=1000)
    print("base-vs-head: 1,000-file repository, head changes 3 files (2 modules, 1 driver)")
    options = AuditOptions()

    before = parse_count()
    cold_time = best_of(1, lambda: audit_commit(repo, head, options, cache={}))
    cold_parses = parse_count() - before
    before = parse_count()
    cold_pair = best_of(1, lambda: audit_commits(repo, base, head, options, cache={}))
    cold_pair_parses = parse_count() - before

    cache: dict[str, str] = {}
    audit_commit(repo, base, options, cache=cache)  # the previous push audited base
    before = parse_count()
    warm_time = best_of(1, lambda: audit_commits(repo, base, head, options, cache=cache))
    warm_parses = parse_count() - before
    report = audit_commits(repo, base, head, options, cache=cache)
    print(f"  cold audit of head alone (empty cache)  {cold_time:7.3f} s, {cold_parses} parses")
    print(
        f"  base vs head, empty cache               {cold_pair:7.3f} s, {cold_pair_parses} parses"
    )
    print(f"  base vs head, warm cache                {warm_time:7.3f} s, {warm_parses} parses")
    print(f"  ratio    {warm_time / cold_pair:.2f}x base vs head with an empty cache")
    print(f"  diff: {report.diff.model_dump() if report.diff else None}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--commits", type=int, default=5000)
    parser.add_argument("--files", type=int, default=300)
    parser.add_argument("--branches", type=int, default=20)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="lora-audit-bench-") as folder:
        history_bench(args, Path(folder))
        diff_bench(args, Path(folder))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
