# expect: Safe-single-adapter
"""A module-level engine cache keyed by adapter path: one engine (and cache) per adapter."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ENGINES: dict[str, LLM] = {}


def engine_for(adapter: str) -> LLM:
    if adapter not in _ENGINES:
        _ENGINES[adapter] = LLM(model="base-model", enable_lora=True)
    return _ENGINES[adapter]


def score(adapter: str) -> None:
    llm = engine_for(adapter)
    llm.generate(["hello"], SamplingParams(), lora_request=LoRARequest("adapter", 1, adapter))


if __name__ == "__main__":
    for adapter in sys.argv[1:]:
        score(adapter)
