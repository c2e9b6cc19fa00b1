from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml
from vllm.lora.request import LoRARequest

REGISTRY_FILE = Path(__file__).with_name("adapters.yaml")

# vLLM wants small positive integer ids; we only ever keep 8 adapters on the GPU
# anyway, so map every adapter name into 1..8.
NUM_SLOTS = 8


@dataclass(frozen=True)
class AdapterEntry:
    name: str
    path: str

    @property
    def slot(self) -> int:
        return hash(self.name) % NUM_SLOTS + 1


def load_registry(path: Path = REGISTRY_FILE) -> tuple[str, list[AdapterEntry]]:
    data = yaml.safe_load(path.read_text())
    return data["base_model"], [AdapterEntry(**a) for a in data["adapters"]]


def lora_request_for(entry: AdapterEntry) -> LoRARequest:
    return LoRARequest(lora_name=entry.name, lora_int_id=entry.slot, lora_path=entry.path)
