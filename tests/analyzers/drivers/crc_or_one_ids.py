# expect: Safe-probabilistic line=14 reason~="collide modulo 4,294,967,296"
"""Ids are crc32 digests with `or 1` replacing a zero digest. Two requests share an id only if
two digests collide (or both are zero): a probability bound, not a world in which two folders
get id 1. No id is 0 either, so no note says vLLM would reject one."""
import zlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

FOLDERS = ["runs/a", "runs/b", "runs/c"]
llm = LLM(model="base", enable_lora=True, max_loras=2)
for folder in FOLDERS:
    lora_id = zlib.crc32(folder.encode()) or 1
    request = LoRARequest(folder, lora_id, folder)
    llm.generate(["q"], SamplingParams(), lora_request=request)
