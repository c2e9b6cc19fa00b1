# expect: Safe-single-adapter line=20 reason~="lora_int_id 1 is reused for different adapters, but each one gets a new engine"
"""A module-level engine cache keyed by adapter path: each adapter gets its own engine (and cache),
so the constant id never meets another adapter's weights."""
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
