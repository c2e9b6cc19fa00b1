"""Context manager that loads an adapter for a block of generation."""
import contextlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@contextlib.contextmanager
def adapter(llm: LLM, path: str):
    req = LoRARequest("active", 1, path)
    try:
        yield req
    except Exception:
        llm.llm_engine.remove_lora(req.lora_int_id)
        raise
