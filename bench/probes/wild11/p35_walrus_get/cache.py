"""Serve adapters by name; ids assigned on first sight."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ids: dict[str, int] = {}


def request_for(path: str) -> LoRARequest:
    if (lora_id := _ids.get(path)) is None:
        lora_id = len(_ids) + 1
    return LoRARequest(f"a{lora_id}", lora_id, path)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=request_for(ckpt)))
