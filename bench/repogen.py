"""Generate benchmark repositories fast: one `git fast-import` stream, not thousands of commits.

`build_history_repo` makes a repository shaped like a research codebase: hundreds of modules, a
few vLLM drivers whose versions come and go (some Affected, some fixed later, one renamed, one
deleted, one only on an unmerged branch), many branches, some merged back.
"""

from __future__ import annotations

import random
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

_WHO = "Bench <bench@example.com>"
_START = 1_600_000_000

AFFECTED_DRIVER = '''"""Evaluate every checkpoint through one engine ({tag})."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]


def main() -> None:
    llm = LLM(model="base-model", enable_lora=True, max_loras=1)
    for path in CHECKPOINTS:
        request = LoRARequest("adapter", 1, path)
        print(llm.generate(["prompt"], SamplingParams(), lora_request=request))


if __name__ == "__main__":
    main()
'''

FIXED_DRIVER = '''"""Evaluate every checkpoint through one engine, one id per checkpoint ({tag})."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]


def main() -> None:
    llm = LLM(model="base-model", enable_lora=True, max_loras=1)
    for i, path in enumerate(CHECKPOINTS):
        request = LoRARequest(f"adapter-{{i}}", i + 1, path)
        print(llm.generate(["prompt"], SamplingParams(), lora_request=request))


if __name__ == "__main__":
    main()
'''

SINGLE_DRIVER = '''"""Serve one adapter given on the command line ({tag})."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def main() -> None:
    llm = LLM(model="base-model", enable_lora=True)
    request = LoRARequest("adapter", 1, sys.argv[1])
    print(llm.generate(["prompt"], SamplingParams(), lora_request=request))


if __name__ == "__main__":
    main()
'''

TEMPLATES = {"affected": AFFECTED_DRIVER, "fixed": FIXED_DRIVER, "single": SINGLE_DRIVER}


def module_text(name: str, version: int) -> str:
    """An ordinary module of about 6 KB (a typical research-code module): no vLLM in it."""
    body = [
        f'"""Module {name}: data helpers."""',
        "",
        "import math",
        "",
        f"VERSION = {version}",
        "",
    ]
    for i in range(36):
        body += [
            "",
            f"def step_{i}(values: list[float], scale: float = {i + 1}.0) -> float:",
            f'    """Scaled mean of `values`, shifted by the module version ({i})."""',
            "    total = sum(v * scale for v in values)",
            f"    return total / max(len(values), 1) + math.log1p(VERSION) + {i}",
        ]
    return "\n".join(body) + "\n"


@dataclass
class RepoFacts:
    """What was generated, for the benchmark's own checks."""

    commits: int = 0
    branches: list[str] = field(default_factory=list)
    files_at_head: int = 0


@dataclass
class _Line:
    """A branch being written: its tip mark and its files (path -> text)."""

    name: str
    tip: int
    files: dict[str, str]
    fork_files: dict[str, str] = field(default_factory=dict)


class _Stream:
    def __init__(self) -> None:
        self.parts: list[bytes] = []
        self.mark = 0
        self.clock = _START

    def data(self, text: str) -> None:
        raw = text.encode()
        self.parts.append(b"data %d\n" % len(raw) + raw + b"\n")

    def commit(
        self, line: _Line, message: str, changes: dict[str, str | None], merge: int | None = None
    ) -> int:
        self.mark += 1
        self.clock += 60
        self.parts.append(f"commit refs/heads/{line.name}\nmark :{self.mark}\n".encode())
        self.parts.append(f"committer {_WHO} {self.clock} +0000\n".encode())
        self.data(message)
        if line.tip:
            self.parts.append(f"from :{line.tip}\n".encode())
        if merge:
            self.parts.append(f"merge :{merge}\n".encode())
        for path, text in sorted(changes.items()):
            if text is None:
                self.parts.append(f"D {path}\n".encode())
                line.files.pop(path, None)
            else:
                self.parts.append(f"M 100644 inline {path}\n".encode())
                self.data(text)
                line.files[path] = text
        line.tip = self.mark
        return self.mark


def _driver(kind: str, tag: str) -> str:
    return TEMPLATES[kind].format(tag=tag)


def build_history_repo(
    path: Path, *, commits: int = 5000, files: int = 300, branches: int = 20, seed: int = 7
) -> RepoFacts:
    """Write a repository at `path` (HEAD on main, nothing checked out) and return its facts."""
    rng = random.Random(seed)
    stream = _Stream()
    facts = RepoFacts()
    modules = [f"pkg{i % 10}/mod_{i:03d}.py" for i in range(files - 8)]
    main = _Line("main", 0, {})
    initial: dict[str, str | None] = {m: module_text(m, 0) for m in modules}
    initial["requirements.txt"] = "vllm==0.11.0\n"
    initial["eval/sweep.py"] = _driver("affected", "v0")
    initial["eval/serve_one.py"] = _driver("single", "v0")
    initial["eval/legacy.py"] = _driver("affected", "v0")
    stream.commit(main, "initial import", initial)
    lines = [main]
    unmerged_driver_branch = "feature/side-eval"
    # Driver events at fixed fractions of the history, so every run has the same story.
    events: dict[int, tuple[str, dict[str, str | None]]] = {
        commits // 10: ("main", {"eval/sweep.py": _driver("affected", "v1")}),
        commits // 5: ("main", {"eval/legacy.py": None, "eval/legacy_moved.py": "RENAME"}),
        commits // 3: ("main", {"eval/sweep.py": _driver("fixed", "v2")}),
        commits // 2: ("main", {"eval/rl_loop.py": _driver("affected", "v0")}),
        (2 * commits) // 3: ("main", {"eval/rl_loop.py": None}),
        (3 * commits) // 4: ("main", {"eval/serve_one.py": _driver("single", "v1")}),
        (4 * commits) // 5: ("side", {"eval/side_eval.py": _driver("affected", "side")}),
    }
    merge_every = max(commits // (branches * 2), 1)
    while stream.mark < commits:
        step = stream.mark
        if len(lines) <= branches and rng.random() < branches / (commits / 4):
            name = f"feature/b{len(lines):02d}"
            if len(lines) == branches:
                name = unmerged_driver_branch
            base = main
            lines.append(_Line(name, base.tip, dict(base.files), dict(base.files)))
            continue_line = lines[-1]
        else:
            continue_line = main if rng.random() < 0.6 or len(lines) == 1 else rng.choice(lines)
        if step in events:
            where, changes = events[step]
            line = main
            if where == "side":
                side = [x for x in lines if x.name == unmerged_driver_branch]
                line = side[0] if side else lines[-1]
            resolved: dict[str, str | None] = {}
            for target, text in changes.items():
                if text == "RENAME":
                    resolved[target] = line.files.get("eval/legacy.py", _driver("affected", "mv"))
                else:
                    resolved[target] = text
            stream.commit(line, f"driver change at {step}", resolved)
            continue
        if (
            continue_line is not main
            and step % merge_every == 0
            and continue_line.name != (unmerged_driver_branch)
        ):
            branch = continue_line
            changed: dict[str, str | None] = {
                p: t
                for p, t in branch.files.items()
                if branch.fork_files.get(p) != t and main.files.get(p) != t
            }
            stream.commit(main, f"merge {branch.name}", changed, branch.tip)
            continue
        edits: dict[str, str | None] = {}
        for _ in range(rng.randint(1, 3)):
            target = rng.choice(modules)
            if target in continue_line.files:
                edits[target] = module_text(target, stream.mark + 1)
        if rng.random() < 0.005:
            edits[f"pkg_extra/new_{stream.mark}.py"] = module_text("extra", stream.mark)
        stream.commit(continue_line, f"work {stream.mark}", edits)
    facts.commits = stream.mark
    facts.branches = [line.name for line in lines]
    facts.files_at_head = len(main.files)
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", "-b", "main")
    _git(path, "fast-import", "--quiet", "--done", stdin=b"".join([*stream.parts, b"done\n"]))
    _git(path, "symbolic-ref", "HEAD", "refs/heads/main")
    return facts


def build_flat_repo(path: Path, *, files: int = 1000, drivers: int = 6) -> tuple[str, str]:
    """`files` modules and a few drivers in two commits; returns (base, head).

    head changes 3 files: two modules, and one driver, which turns Affected.
    """
    stream = _Stream()
    main = _Line("main", 0, {})
    tree: dict[str, str | None] = {
        f"lib/m_{i:04d}.py": module_text(str(i), 0) for i in range(files)
    }
    for d in range(drivers):
        tree[f"drivers/d{d}.py"] = _driver("fixed" if d % 2 else "single", f"d{d}")
    stream.commit(main, "base", tree)
    base_mark = stream.mark
    stream.commit(
        main,
        "head: three files",
        {
            "lib/m_0007.py": module_text("7", 1),
            "lib/m_0500.py": module_text("500", 1),
            "drivers/d0.py": _driver("affected", "d0-head"),
        },
    )
    path.mkdir(parents=True, exist_ok=True)
    _git(path, "init", "-q", "-b", "main")
    marks = path / "marks"
    _git(
        path,
        "fast-import",
        "--quiet",
        "--done",
        f"--export-marks={marks}",
        stdin=b"".join([*stream.parts, b"done\n"]),
    )
    table = dict(line.split() for line in marks.read_text().splitlines())
    marks.unlink()
    return table[f":{base_mark}"], table[f":{stream.mark}"]


def _git(path: Path, *args: str, stdin: bytes | None = None) -> str:
    done = subprocess.run(["git", *args], cwd=path, input=stdin, capture_output=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"git {args[0]} failed: {done.stderr.decode(errors='replace')}")
    return done.stdout.decode()
