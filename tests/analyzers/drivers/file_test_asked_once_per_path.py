# expect: Safe-single-adapter line=24 reason~="one adapter per engine lifetime"
"""`get_lora_path(0)` looks for a local copy (`os.path.exists`) and falls back to a hub name.
Called twice with nothing written in between, both calls see the same file system, so both
requests name one folder: a repeat of lora_int_id 1 is a cache hit. Deciding the existence
test anew at each call would pair a local folder with the fallback (a false Affected)."""

import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_BASE_PATH = "/tmp/test_loras"


def get_lora_path(index):
    local = os.path.join(LORA_BASE_PATH, f"lora_{index}")
    if os.path.exists(local):
        return local
    return "org/fallback-lora"


if __name__ == "__main__":
    llm = LLM(model="base", enable_lora=True, max_loras=2)
    llm.llm_engine.add_lora(LoRARequest("lora_0", 1, get_lora_path(0)))
    llm.generate(
        ["hi"],
        SamplingParams(max_tokens=8),
        lora_request=LoRARequest("lora_0", 1, get_lora_path(0)),
    )
