"""Scan every test driver, example and review repository, and keep each report's exact bytes.

The gate for changes that must not change behaviour (a restructuring): run it before and after
the change into two folders and compare them byte for byte.

    uv run --frozen python bench/compare_reports.py /tmp/before --inputs-from main
    ... change the analyzer ...
    uv run --frozen python bench/compare_reports.py /tmp/after --inputs-from main
    diff -r /tmp/before /tmp/after && echo identical

The inputs are taken from one git revision (`--inputs-from`, default HEAD) and copied to a
fixed staging folder, so that both runs scan the same bytes from the same place (a report holds
the root as given and the tool version) even when the test drivers themselves were renamed or
documented in between. What is scanned, each through the real `lora-audit scan`:

- every file of `tests/analyzers/drivers/` alone in its own folder, as `test_drivers.py` does,
  with `--format json` and again at each `vllm=` release its `# expect:` line names;
- the whole `tests/analyzers/drivers/` folder (so files see each other), in every format;
- each review repository under `tests/analyzers/drivers/review_repos/` and each example under
  `examples/`, in every format;
- every string in the analyzer tests (`tests/analyzers/**/test_*.py`) that parses as Python and
  names a vLLM request (the drivers those tests write inline), each alone in its own folder;
- `lora-audit replay --self-test`.

Each report is written to its own file, named for what was scanned; the exit status and stderr
of every command are kept beside them.
"""

from __future__ import annotations

import argparse
import ast
import io
import json
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
STAGE = Path(tempfile.gettempdir()) / "lora-audit-compare" / "inputs"
DRIVERS = "tests/analyzers/drivers"
FORMATS = ("json", "sarif", "markdown", "table")
_VERSION = re.compile(r"vllm=([\d.]+)")
_INLINE = re.compile(r"LoRARequest|lora_request|load_lora_adapter")


def _stage_inputs(revision: str) -> None:
    """Copy the drivers and examples of `revision` into STAGE (emptied first)."""
    archive = subprocess.run(
        ["git", "archive", "--format=tar", revision, "tests/analyzers", "examples"],
        cwd=ROOT,
        capture_output=True,
        check=True,
    ).stdout
    shutil.rmtree(STAGE, ignore_errors=True)
    extracted = STAGE / "extracted"
    extracted.mkdir(parents=True)
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(extracted, filter="data")
    drivers = extracted / DRIVERS
    shutil.copytree(drivers, STAGE / "drivers")
    for path in sorted(drivers.glob("*.py")):
        single = STAGE / "single" / path.stem
        single.mkdir(parents=True)
        shutil.copy(path, single / path.name)
    shutil.copytree(drivers / "review_repos", STAGE / "review")
    shutil.copytree(extracted / "examples", STAGE / "examples")
    _stage_inline(extracted / "tests" / "analyzers")
    shutil.rmtree(extracted)


def _stage_inline(tests: Path) -> None:
    """Each inline driver of the analyzer tests into `inline/<test file>-<n>/driver.py`."""
    for test in sorted(tests.rglob("test_*.py")):
        found = 0
        for node in ast.walk(ast.parse(test.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Constant) and isinstance(node.value, str)):
                continue
            if not _INLINE.search(node.value):
                continue
            try:
                ast.parse(node.value)
            except SyntaxError:
                continue
            found += 1
            name = test.relative_to(tests).with_suffix("").as_posix().replace("/", "__")
            folder = STAGE / "inline" / f"{name}-{found}"
            folder.mkdir(parents=True)
            (folder / "driver.py").write_text(node.value, encoding="utf-8")


def _versions_named(driver: Path) -> list[str]:
    first = driver.read_text(encoding="utf-8").splitlines()[0]
    return sorted(set(_VERSION.findall(first)))


def _scan(paths: list[str], args: list[str], env: dict[str, str], out: Path, tag: str) -> None:
    """One `lora-audit scan` over `paths`; each report (one per path) to its own file."""
    command = [sys.executable, "-m", "lora_audit", "scan", *paths, "--exit-zero", *args]
    done = subprocess.run(command, cwd=STAGE, env=env, capture_output=True, check=False)
    name = tag.replace("/", "__")
    (out / "status").mkdir(exist_ok=True)
    (out / "status" / f"{name}.txt").write_bytes(
        f"$ {' '.join(command[1:])}\nexit {done.returncode}\n".encode() + done.stderr
    )
    if "json" in args and len(paths) > 1:
        lines = done.stdout.splitlines(keepends=True)
        if len(lines) != len(paths):  # keep the raw output so the difference can be seen
            (out / f"{name}.raw").write_bytes(done.stdout)
            return
        for path, line in zip(paths, lines, strict=True):
            suffix = tag.rpartition("@")[2] if "@" in tag else ""
            stem = path.replace("/", "__") + (f"@{suffix}" if suffix else "")
            (out / "json").mkdir(exist_ok=True)
            (out / "json" / f"{stem}.json").write_bytes(line)
        return
    (out / f"{name}.out").write_bytes(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="folder for the reports (emptied first)")
    parser.add_argument("--inputs-from", default="HEAD", help="git revision of the inputs")
    args = parser.parse_args(argv)
    _stage_inputs(args.inputs_from)
    out: Path = args.out
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    env = {**os.environ, "LORA_AUDIT_DEBUG": "1", "NO_COLOR": "1"}
    with tempfile.TemporaryDirectory() as cache:
        env["XDG_CACHE_HOME"] = cache
        singles = sorted(f"single/{p.name}" for p in (STAGE / "single").iterdir())
        _scan(singles, ["--format", "json"], env, out, "single")
        by_version: dict[str, list[str]] = {}
        for folder in singles:
            (driver,) = (STAGE / folder).glob("*.py")
            for version in _versions_named(driver):
                by_version.setdefault(version, []).append(folder)
        for version, folders in sorted(by_version.items()):
            flags = ["--format", "json", "--vllm-version", version]
            # One path alone prints a bare object; pad with a second so every run splits alike.
            _scan([*folders, "drivers"], flags, env, out, f"single@{version}")
        repos = ["drivers"]
        repos += sorted(f"review/{p.name}" for p in (STAGE / "review").iterdir() if p.is_dir())
        repos += sorted(f"examples/{p.name}" for p in (STAGE / "examples").iterdir())
        inline = sorted(f"inline/{p.name}" for p in (STAGE / "inline").iterdir())
        _scan(inline, ["--format", "json"], env, out, "inline")
        for fmt in FORMATS:
            _scan(repos, ["--format", fmt], env, out, f"repos.{fmt}")
        replay = subprocess.run(
            [sys.executable, "-m", "lora_audit", "replay", "--self-test"],
            cwd=STAGE,
            env=env,
            capture_output=True,
            check=False,
        )
        (out / "replay-self-test.out").write_bytes(
            f"exit {replay.returncode}\n".encode() + replay.stdout + replay.stderr
        )
    reports = len(list((out / "json").iterdir()))
    print(json.dumps({"out": str(out), "inputs_from": args.inputs_from, "json_reports": reports}))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
