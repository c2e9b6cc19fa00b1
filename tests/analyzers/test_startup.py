"""`lora-audit scan` stays light: no web or queue libraries, no libcst (only `fix` rewrites code),
and no interpreter when all is cached."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("starlette", "celery", "githubkit", "uvicorn", "redis", "kombu")


def _imported(env: dict[str, str]) -> set[str]:
    result = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "lora_audit", "scan", "examples/stale-serve",
         "--format", "json", "--exit-zero"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    names = set()
    for line in result.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            module = line.rsplit("|", 1)[1].strip()
            names.update({module.split(".")[0], module})
    return names


def test_scan_imports_no_web_or_queue_library_and_no_parser_when_cached(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    cold = _imported(env)
    assert not cold & set(HEAVY), sorted(cold & set(HEAVY))
    assert "analyzers.interpret.machine" in cold
    assert "libcst" not in cold, "the analysis reads `ast`; libcst is for rewriting code"
    warm = _imported(env)
    assert not warm & set(HEAVY)
    assert "analyzers.interpret.machine" not in warm, "a fully cached scan must not analyse"
    assert "yaml" not in warm
