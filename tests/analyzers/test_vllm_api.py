"""The vLLM API table: every entry's example drivers are its tests, run through the real audit.

And a new API with an effect the analyzer already models is one entry in `analyzers/vllm/api.py`:
shown by copying the analyzer, adding only that entry, and scanning a driver that uses it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict
from analyzers.vllm import api

ROOT = Path(__file__).resolve().parents[2]

_CASES = [
    pytest.param(example, id=f"{name}-{number}")
    for name, examples in api.entries()
    for number, example in enumerate(examples, start=1)
]


@pytest.mark.parametrize("example", _CASES)
def test_entry_example(tmp_path: Path, example: api.Example) -> None:
    (tmp_path / "driver.py").write_text(example.driver)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(vllm_version=example.vllm))
    assert [row.path for row in report.drivers] == ["driver.py"]
    row = report.drivers[0]
    assert row.verdict is example.verdict, row.reason
    for words in example.reason:
        assert words in row.reason


def test_every_entry_has_an_example_and_a_unique_name() -> None:
    names = [name for name, _ in api.entries()]
    assert len(names) == len(set(names))
    assert all(examples for _, examples in api.entries())


def test_the_lookups_are_the_table() -> None:
    """The names the interpreter matches are exactly those of the entries."""
    assert "remove_lora" in api.CACHE_METHOD_NAMES
    assert api.ENGINE_METHOD["remove_lora"].effect is api.Effect.REMOVE
    assert "shutdown" not in api.CACHE_METHOD_NAMES
    assert [route.word for route in api.ROUTES_BY_WORD] == [
        "unload_lora_adapter",
        "load_lora_adapter",
        "completions",
    ]
    assert set(api.SITE_WORDS) <= {needle.decode() for needle in api.PREFILTER_NEEDLES}
    assert b"enable_lora" in api.PREFILTER_NEEDLES
    # `remove_lora` is a request site of its own (the row invariant): a file that only drops
    # adapters, say a trainer's sync hook, is still a file the report must account for.
    assert b"remove_lora" in api.PREFILTER_NEEDLES


NEW_ENTRY = '''\
    EngineMethod(
        "evict_lora",
        Effect.REMOVE,
        (
            Example(
                Verdict.SAFE_BY_EVICTION,
                """
                llm = LLM(model="base", enable_lora=True)
                for ckpt in ["ckpt/a", "ckpt/b"]:
                    llm.llm_engine.evict_lora(1)
                    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
                """,
                ("evicted before every repeat", "evict_lora at"),
            ),
        ),
        argument=(0, "lora_id"),
    ),
'''
DRIVER = """\
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for ckpt in ["ckpt/a", "ckpt/b"]:
    llm.llm_engine.evict_lora(1)
    llm.generate(["q"], lora_request=LoRARequest("e", 1, ckpt))
"""
TABLE_START = "ENGINE_METHODS: tuple[EngineMethod, ...] = (\n"


def _scan(folder: Path, analyzer_root: Path, cache: Path) -> dict[str, str]:
    """`lora-audit scan` with the `analyzers` package found first under `analyzer_root`."""
    env = {**os.environ, "PYTHONPATH": str(analyzer_root), "XDG_CACHE_HOME": str(cache)}
    done = subprocess.run(
        [sys.executable, "-m", "lora_audit", "scan", str(folder), "--format", "json"],
        cwd=folder,  # not the repository root, whose analyzers/ `-m` would put first
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode in (0, 1), done.stderr
    (row,) = json.loads(done.stdout)["drivers"]
    assert done.stderr == ""
    return {"verdict": row["verdict"], "reason": row["reason"]}


def test_a_new_invalidation_api_is_one_entry_in_api_py(tmp_path: Path) -> None:
    """`evict_lora` (hypothetical) drops an adapter as `remove_lora` does: one new entry."""
    copy = tmp_path / "copy"
    shutil.copytree(
        ROOT / "analyzers", copy / "analyzers", ignore=shutil.ignore_patterns("__pycache__")
    )
    table = copy / "analyzers" / "vllm" / "api.py"
    text = table.read_text()
    assert text.count(TABLE_START) == 1
    table.write_text(text.replace(TABLE_START, TABLE_START + NEW_ENTRY))
    driver = tmp_path / "repo"
    driver.mkdir()
    (driver / "evict.py").write_text(DRIVER)

    before = _scan(driver, ROOT, tmp_path / "cache-before")
    assert before["verdict"] == Verdict.AFFECTED.value  # unknown to the table: no effect
    after = _scan(driver, copy, tmp_path / "cache-after")
    assert after["verdict"] == Verdict.SAFE_BY_EVICTION.value, after["reason"]
    assert "evict_lora at evict.py:6" in after["reason"]

    changed = [
        path.relative_to(copy).as_posix()
        for path in sorted((copy / "analyzers").rglob("*.py"))
        if path.read_bytes() != (ROOT / path.relative_to(copy)).read_bytes()
    ]
    assert changed == ["analyzers/vllm/api.py"]
