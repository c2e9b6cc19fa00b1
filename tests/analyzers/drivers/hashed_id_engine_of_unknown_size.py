# expect: Safe-probabilistic line=20 reason~="(capacity 1024)" reason~="probability at most 0.00205"
"""Ids from `sha256(path) % 1_000_000 + 1` on an engine whose `max_loras` comes from the
environment: the cache may hold any number of adapters, so the bound takes the largest plausible
size (1024, (3 - 1) * 1024 / 1e6), never the smallest (which would claim 2e-06)."""
import hashlib
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTERS = ["adapters/math", "adapters/code", "adapters/chat"]


def adapter_id(path: str) -> int:
    return int(hashlib.sha256(path.encode()).hexdigest(), 16) % 1_000_000 + 1


llm = LLM(model="base", enable_lora=True, max_loras=int(os.environ["MAX_LORAS"]))
for path in ADAPTERS:
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(path, adapter_id(path), path))
