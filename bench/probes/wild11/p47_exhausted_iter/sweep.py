"""Assign ids up front, log the plan, then evaluate."""
import logging
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

log = logging.getLogger("sweep")

if __name__ == "__main__":
    ckpts = sys.argv[1:]
    lora_ids = iter(range(1, len(ckpts) + 1))
    log.info("lora ids: %s", list(lora_ids))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in ckpts:
        lora_id = next(lora_ids, 1)
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
