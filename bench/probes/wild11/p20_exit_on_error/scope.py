"""Adapter scope object: unloads the adapter if the block failed."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class AdapterScope:
    def __init__(self, llm: LLM, path: str, lora_id: int = 1) -> None:
        self.llm = llm
        self.req = LoRARequest(f"scope{lora_id}", lora_id, path)

    def __enter__(self) -> LoRARequest:
        return self.req

    def __exit__(self, exc_type, exc, tb) -> bool:
        if exc_type is not None:
            self.llm.llm_engine.remove_lora(self.req.lora_int_id)
        return False


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        with AdapterScope(llm, ckpt) as req:
            print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
