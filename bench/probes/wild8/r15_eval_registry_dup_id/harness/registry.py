from dataclasses import dataclass


@dataclass(frozen=True)
class ModelSpec:
    name: str
    lora_id: int
    path: str
    task: str
    max_tokens: int = 256


REGISTRY: dict[str, ModelSpec] = {}


def register(name, lora_id, path, task, **kw):
    REGISTRY[name] = ModelSpec(name, lora_id, path, task, **kw)


register("math-lora", 1, "/adapters/math-v3", "gsm8k")
register("code-lora-v1", 2, "/adapters/code-v1", "humaneval", max_tokens=512)
register("code-lora-v2", 2, "/adapters/code-v2", "humaneval", max_tokens=512)
register("chat-lora", 4, "/adapters/chat-v7", "mtbench")
