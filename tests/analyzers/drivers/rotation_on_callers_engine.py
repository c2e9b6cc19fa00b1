# expect: Indeterminate
"""The engine comes from the caller; with 2 slots rotating, safety depends on its cache size."""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


def sweep(llm, checkpoints: list[str]) -> None:
    for i, checkpoint in enumerate(checkpoints):
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"s{i % 2}", i % 2 + 1, checkpoint))
