"""Benchmark `lora-audit scan` on a repository with the shape of real ones, in one run.

Real repositories are not 10,000 one-function files (`bench/scan.py`): their drivers import a
package whose `__init__.py` files pull in hundreds of modules, build their engine inside a
class's `__init__`, reach the request through deep helper chains, and sit beside dispatchers and
modules with the same stems (`utils`, `worker`). This script builds such a repository locally
(nothing is fetched; one `git fast-import` stream, with a long history over many branches) and
measures, each against a reference taken in the same run:

- cold scan (empty cache; serial and with the default worker pool) and warm scan, against
  `git grep` of the candidates' needles plus `ast.parse` of every candidate (one Python process,
  as the scan is one), targets cold <= 3x, warm <= 1.5x; peak RSS (target < 300 MB);
- `scan --history --all-branches` (empty cache, then warm) against `git log -S LoRARequest
  --all`, target <= 2x, and whether the sweep saw every driver version the pickaxe names.

    uv run --frozen python -m bench.realshape [--modules 300] [--drivers 16] [--commits 400]
        [--branches 30] [--repeat 1] [--keep DIR]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from analyzers.files.source import PROCESS_NEEDLES
from analyzers.vllm.api import PREFILTER_NEEDLES
from bench.repogen import _git, _Line, _Stream

PICKAXE = ["git", "log", "-S", "LoRARequest", "--all", "--format=%H"]
NEEDLES = [needle.decode() for needle in (*PREFILTER_NEEDLES, *PROCESS_NEEDLES)]
# The reference: find the candidates and parse each with CPython's parser, in one process.
REFERENCE = (
    "import ast, subprocess, sys\n"
    "args = ['git', 'grep', '-l', '-z', '-F', '--no-color']\n"
    "for needle in sys.argv[1:]:\n"
    "    args += ['-e', needle]\n"
    "found = subprocess.run(args + ['--', '*.py'], capture_output=True).stdout\n"
    "for path in filter(None, found.split(b'\\0')):\n"
    "    with open(path, 'rb') as handle:\n"
    "        ast.parse(handle.read())\n"
)


def module(sub: int, index: int, version: int, chain_next: str | None) -> str:
    """One library module: a config class built in `__init__`, helpers, a link of a chain."""
    call = f"return {chain_next}(value + {index})" if chain_next else "return value"
    return f'''"""Library module {sub}.{index} (revision {version})."""

from __future__ import annotations

import json
import os
from dataclasses import dataclass, field

DEFAULTS_{index} = {{"lr": {index % 7 + 1}e-5, "epochs": {index % 5 + 1}, "name": "m{index}"}}


@dataclass
class Settings{index}:
    root: str = "runs"
    steps: list[int] = field(default_factory=lambda: [100, 200, 300])

    def paths(self) -> list[str]:
        return [os.path.join(self.root, f"step_{{s}}") for s in self.steps]


class Component{index}:
    def __init__(self, config: dict[str, object] | None = None) -> None:
        self.config = dict(DEFAULTS_{index}, **(config or {{}}))
        self.settings = Settings{index}()
        self.history: list[float] = []
        for step in self.settings.steps:
            self.history.append(float(step) * {index + 1})

    def describe(self) -> str:
        return json.dumps(self.config, sort_keys=True)


def chain_{sub}_{index}(value: int) -> int:
    {call}


def load_{index}(path: str) -> list[dict[str, object]]:
    with open(path) as handle:
        return [json.loads(line) for line in handle]
'''


DRIVER = '''"""Training / evaluation driver {n} ({version})."""

from __future__ import annotations

import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

import lib.sub{a}
import lib.sub{b}
from lib.sub{a}.mod_000 import chain_{a}_0
from lib.sub{b}.mod_001 import Component1


class Runner:
    def __init__(self, checkpoints: list[str], capacity: int) -> None:
        self.component = Component1({{"name": "driver{n}"}})
        self.depth = chain_{a}_0(1)
        self.llm = LLM(model="base", enable_lora=True, max_loras=capacity)
        self.checkpoints = checkpoints

    def run(self) -> None:
        for index, checkpoint in enumerate(self.checkpoints):
            request = LoRARequest(f"adapter{{index}}", {id_expr}, checkpoint)
            self.llm.generate(["prompt"], SamplingParams(), lora_request=request)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--capacity", type=int, default={capacity})
    args = parser.parse_args()
    Runner(["ckpt/a", "ckpt/b", "ckpt/c"], args.capacity).run()


if __name__ == "__main__":
    main()
'''

LAUNCH = '''"""Launch every evaluation in its own process."""

import subprocess
import sys

for name in ["a", "b"]:
    subprocess.run([sys.executable, "scripts/{script}", "--capacity", "1"], check=True)
'''

NOISE_SPAWNER = '''"""Starts processes and imports its own `utils`: it names no driver."""

import subprocess

from .utils import tidy

subprocess.run(["ls"], check=False)
tidy()
'''


def _tree(modules: int, drivers: int, rng: random.Random) -> tuple[dict[str, str], list[str]]:
    subs = max(1, modules // 30)
    files: dict[str, str] = {"requirements.txt": "vllm==0.11.0\n", "lib/__init__.py": ""}
    chain: list[str] = []
    for sub in range(subs):
        names = [f"mod_{i:03d}" for i in range(modules // subs)]
        files[f"lib/sub{sub}/__init__.py"] = "".join(f"from . import {n}\n" for n in names)
        for index, name in enumerate(names):
            nxt = f"chain_{sub}_{index + 1}" if index + 1 < len(names) else None
            text = module(sub, index, 0, nxt)
            if nxt:
                future = "from __future__ import annotations\n"
                link = f"from .mod_{index + 1:03d} import {nxt}\n"
                text = text.replace(future, f"{future}\n{link}")
            files[f"lib/sub{sub}/{name}.py"] = text
            chain.append(f"lib/sub{sub}/{name}.py")
    for n in range(drivers):
        folder = ("scripts", "workers", "serving", "train")[n % 4]
        stem = ("utils", "worker", "server", f"eval_{n}")[n % 4] if n < 4 else f"run_{n}"
        files[f"{folder}/{stem}.py"] = _driver(n, 0, subs, rng)
    files["launch.py"] = LAUNCH.format(script="utils.py")
    for n in range(12):  # spawning tools with their own `utils` module (dispatcher noise)
        files[f"tools/t{n}/__init__.py"] = ""
        files[f"tools/t{n}/utils.py"] = "def tidy():\n    return None\n"
        files[f"tools/t{n}/run.py"] = NOISE_SPAWNER
    for n in range(modules):  # code no driver imports: most of a real repository
        files[f"other/area{n % 9}/file_{n}.py"] = module(99, n, 0, None)
    return files, chain


def _driver(n: int, version: int, subs: int, rng: random.Random) -> str:
    id_expr = rng.choice(["1", "index + 1", "index % 2 + 1"])
    return DRIVER.format(
        n=n, version=f"v{version}", a=n % subs, b=(n + 1) % subs, id_expr=id_expr,
        capacity=rng.choice([1, 2, 4]),
    )  # fmt: skip


def build(path: Path, args: argparse.Namespace) -> dict[str, int]:
    rng = random.Random(11)
    files, chain = _tree(args.modules, args.drivers, rng)
    drivers = sorted(p for p, text in files.items() if "LoRARequest(" in text)
    others = sorted(p for p in files if p.startswith("other/"))
    stream = _Stream()
    main = _Line("main", 0, {})
    stream.commit(main, "initial import", dict(files))
    lines = [main]
    subs = max(1, args.modules // 30)
    while stream.mark < args.commits:
        if len(lines) <= args.branches and rng.random() < 0.08:
            lines.append(_Line(f"feature/b{len(lines):03d}", main.tip, dict(main.files)))
        line = main if rng.random() < 0.5 else rng.choice(lines)
        roll = rng.random()
        edits: dict[str, str | None] = {}
        if roll < 0.04:  # a driver changes
            target = rng.choice(drivers)
            edits[target] = _driver(drivers.index(target), stream.mark, subs, rng)
        elif roll < 0.14:  # a module the drivers import changes
            target = rng.choice(chain)
            edits[target] = line.files[target].replace("(revision", f"(rev {stream.mark},", 1)
        else:  # code no driver imports
            for target in rng.sample(others, 2):
                edits[target] = module(99, others.index(target), stream.mark, None)
        stream.commit(line, f"work {stream.mark}", edits)
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", "-b", "main")
    _git(path, "fast-import", "--quiet", "--done", stdin=b"".join([*stream.parts, b"done\n"]))
    _git(path, "symbolic-ref", "HEAD", "refs/heads/main")
    _git(path, "reset", "-q", "--hard", "main")  # a checkout too: the plain scan reads files
    return {
        "files": sum(1 for p in main.files if p.endswith(".py")),
        "drivers": len(drivers),
        "commits": stream.mark,
        "branches": len(lines),
    }


@dataclass(frozen=True)
class Run:
    """One child process: wall seconds, CPU seconds (its reaped children included), exit
    status, peak RSS in KiB. On a shared machine CPU time is the steadier figure."""

    wall: float
    cpu: float
    code: int
    rss: int


def timed(argv: list[str], cwd: Path, env: dict[str, str]) -> Run:
    start = time.perf_counter()
    process = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    cpu = usage.ru_utime + usage.ru_stime
    return Run(wall, cpu, os.waitstatus_to_exitcode(status), usage.ru_maxrss)


def _best(runs: list[Run]) -> Run:
    return Run(
        min(r.wall for r in runs), min(r.cpu for r in runs), max(r.code for r in runs),
        max(r.rss for r in runs),
    )  # fmt: skip


def best(repeat: int, argv: list[str], cwd: Path, env: dict[str, str]) -> Run:
    return _best([timed(argv, cwd, env) for _ in range(max(1, repeat))])


def cold(repeat: int, argv: list[str], cwd: Path, env: dict[str, str]) -> Run:
    """Best of `repeat` runs, each with an empty analysis cache."""
    runs = []
    for _ in range(max(1, repeat)):
        home = tempfile.mkdtemp(prefix="lora-audit-cold-")
        runs.append(timed(argv, cwd, {**env, "XDG_CACHE_HOME": home}))
        shutil.rmtree(home, ignore_errors=True)
    return _best(runs)


def line(label: str, run: Run, ref: Run | None = None) -> str:
    text = f"  {label:<44} {run.wall:8.2f} s wall {run.cpu:8.2f} s CPU"
    if ref is not None:
        text += f"   {run.wall / ref.wall:6.1f}x wall {run.cpu / max(ref.cpu, 1e-3):6.1f}x CPU"
    return text


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--modules", type=int, default=300)
    parser.add_argument("--drivers", type=int, default=16)
    parser.add_argument("--commits", type=int, default=400)
    parser.add_argument("--branches", type=int, default=30)
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--keep", type=Path, default=None, help="build into DIR and keep it")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="lora-audit-realshape-"))
    repo = args.keep or work / "repo"
    try:
        started = time.perf_counter()
        facts = build(repo, args)
        print(
            f"repository: {facts['files']:,} Python files, {facts['drivers']} drivers, "
            f"{facts['commits']:,} commits over {facts['branches']} branches "
            f"(built in {time.perf_counter() - started:.1f} s); {os.cpu_count()} cores"
        )
        report(repo, work, args)
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


def report(repo: Path, work: Path, args: argparse.Namespace) -> None:
    # An installed tool starts from its bytecode (the Dockerfile compiles it at install): a
    # sandbox that forbids writing it would time Python compiling our modules on every start.
    env = {
        key: v
        for key, v in os.environ.items()
        if not key.startswith("LORA_AUDIT_") and key != "PYTHONDONTWRITEBYTECODE"
    }
    scan = [sys.executable, "-m", "lora_audit", "scan", ".", "--format", "json", "--exit-zero"]
    reference = [sys.executable, "-c", REFERENCE, *NEEDLES]
    timed(reference, repo, env)  # warm the page cache
    timed(scan, repo, {**env, "XDG_CACHE_HOME": str(work / "xdg-bytecode")})  # and the bytecode
    ref = best(args.repeat, reference, repo, env)
    serial = cold(args.repeat, scan, repo, {**env, "LORA_AUDIT_JOBS": "1"})
    pooled = cold(args.repeat, scan, repo, env)
    warm_env = {**env, "XDG_CACHE_HOME": str(work / "xdg")}
    timed(scan, repo, warm_env)  # fill the cache
    warm = best(max(3, args.repeat), scan, repo, warm_env)
    print(line("reference: git grep + ast.parse of candidates", ref))
    print(line("cold scan, serial (LORA_AUDIT_JOBS=1)", serial, ref))
    print(line("cold scan, worker pool (default)", pooled, ref))
    print(line("warm scan (cached)", warm, ref))
    print("  targets: cold <= 3x, warm <= 1.5x")
    peak = max(serial.rss, pooled.rss, warm.rss) / 1024
    print(f"  peak RSS of one scan process {peak:.0f} MiB (target < 300 MB; workers are apart)")

    history = [*scan, "--history", "--all-branches"]
    timed(PICKAXE, repo, env)
    pick = best(args.repeat, PICKAXE, repo, env)
    sweep_env = {**env, "XDG_CACHE_HOME": str(work / "xdg-history")}
    first = timed(history, repo, sweep_env)
    again = best(args.repeat, history, repo, sweep_env)
    print(line("reference: git log -S LoRARequest --all", pick))
    print(line("--history --all-branches, empty cache", first, pick))
    print(line("--history --all-branches, warm cache", again, pick))
    print(f"  target <= 2x; sweep peak RSS {first.rss / 1024:.0f} MiB")
    found = subprocess.run(
        history, cwd=repo, env=sweep_env, capture_output=True, text=True, check=False
    )
    seen = {row["path"] for row in json.loads(found.stdout)["drivers"]}
    touched = subprocess.run(
        ["git", "log", "-S", "LoRARequest", "--all", "--name-only", "--format="],
        cwd=repo, capture_output=True, text=True, check=False,
    ).stdout.split()  # fmt: skip
    missing = sorted({p for p in touched if p.endswith(".py")} - seen)
    print(f"  driver paths the pickaxe names that the sweep has no row for: {missing or 'none'}")


if __name__ == "__main__":
    raise SystemExit(main())
