from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml


@dataclass
class Entry:
    name: str
    id: int
    path: str
    input_file: str
    output_file: str


def read_manifest(path: str | Path) -> tuple[dict, list[Entry]]:
    """Manifest format (written by the team's experiment tracker):

    engine: {base_model: ..., max_loras: 4, max_cpu_loras: 8}
    jobs:
      - {name: ..., id: 3, path: ..., input_file: ..., output_file: ...}
    """
    doc = yaml.safe_load(Path(path).read_text())
    return doc["engine"], [Entry(**j) for j in doc["jobs"]]
