from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

MANIFEST = Path(__file__).with_name("adapters.json")


@dataclass
class AdapterSpec:
    name: str
    path: str
    lora_id: int = 1
    max_tokens: int = 512
    temperature: float = 0.0


@dataclass
class EvalManifest:
    base_model: str
    max_loras: int = 1
    adapters: list[AdapterSpec] = field(default_factory=list)


def load_manifest(path: Path = MANIFEST) -> EvalManifest:
    raw = json.loads(Path(path).read_text())
    specs = [AdapterSpec(**a) for a in raw.pop("adapters")]
    return EvalManifest(adapters=specs, **raw)
