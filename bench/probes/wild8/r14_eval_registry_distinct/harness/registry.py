from dataclasses import dataclass


@dataclass(frozen=True)
class ModelSpec:
    name: str
    lora_id: int
    path: str
    task: str
    max_tokens: int = 256


_SPECS = [
    ModelSpec("math-lora", 1, "/adapters/math-v3", "gsm8k"),
    ModelSpec("code-lora", 2, "/adapters/code-v1", "humaneval", 512),
    ModelSpec("chat-lora", 3, "/adapters/chat-v7", "mtbench"),
]

REGISTRY = {s.name: s for s in _SPECS}
