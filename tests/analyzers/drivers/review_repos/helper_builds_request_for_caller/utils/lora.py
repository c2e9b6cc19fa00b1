"""Builds the request scripts/eval.py serves; id 1 for every path, so it takes its caller's verdict."""

from vllm.lora.request import LoRARequest


def adapter_request(path: str) -> LoRARequest:
    return LoRARequest("adapter", 1, path)
