from dataclasses import dataclass, field
from typing import List

from .registry import AdapterRegistry


@dataclass
class RolloutSession:
    """Everything produced during one rollout phase (one optimizer step)."""

    step: int
    adapters: AdapterRegistry = field(default_factory=AdapterRegistry)
    prompts: List[str] = field(default_factory=list)
    completions: List[str] = field(default_factory=list)
    rewards: List[float] = field(default_factory=list)
