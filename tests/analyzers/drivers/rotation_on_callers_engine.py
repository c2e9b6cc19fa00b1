# expect: Indeterminate line=10 reason~="whether a repeated lora_int_id is stale depends on the cache size"
"""Two id slots rotate on an engine the caller passes in: stale at a cache of two, safe at one, so
the unseen cache size decides."""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def sweep(llm, checkpoints: list[str]) -> None:
    for i, checkpoint in enumerate(checkpoints):
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"s{i % 2}", i % 2 + 1, checkpoint))
