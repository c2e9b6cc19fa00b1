"""`LLM(**asdict(cfg.engine))`: the engine's cache size comes from the dataclass's defaults.

A dataclass keeps the defaults of its fields on the class; an instance made without arguments
holds none of them itself. `asdict` gives every field, so the engine below keeps four adapters
on the CPU and the slot rewritten every other step is served from its cache. Reading only what
the instance holds left `max_cpu_loras` out: an engine of vLLM's default size, one adapter,
and a false Safe-by-eviction.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

DRIVER = """\
from dataclasses import asdict, dataclass, field

from vllm import LLM
from vllm.lora.request import LoRARequest


@dataclass
class EngineConfig:
    max_loras: int = 1
    max_cpu_loras: int = {cpu}


@dataclass
class RunConfig:
    model: str = "Qwen/Qwen2.5-3B-Instruct"
    engine: EngineConfig = field(default_factory=EngineConfig)


cfg = RunConfig()
llm = LLM(model=cfg.model, enable_lora=True, **{spread})
policy = build_policy()
for step in range(10):
    path = f"slot{{step % 2}}"
    policy.save_pretrained(path)
    llm.generate(["hi"], lora_request=LoRARequest(path, step % 2 + 1, path))
"""


def _row(tmp_path: Path, cpu: int, spread: str) -> tuple[Verdict, str, int | None]:
    (tmp_path / "driver.py").write_text(DRIVER.format(cpu=cpu, spread=spread))
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1)
    (row,) = report.drivers
    return row.verdict, row.reason, row.engines[0].capacity if row.engines else None


@pytest.mark.parametrize("spread", ["asdict(cfg.engine)", "asdict(cfg)['engine']"])
def test_the_engine_takes_every_field_of_the_dataclass(tmp_path: Path, spread: str) -> None:
    verdict, reason, capacity = _row(tmp_path, 4, spread)
    assert verdict is Verdict.AFFECTED, reason
    assert capacity == 4


def test_one_adapter_on_the_cpu_evicts_the_other_slot(tmp_path: Path) -> None:
    verdict, reason, capacity = _row(tmp_path, 1, "asdict(cfg.engine)")
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
    assert capacity == 1
