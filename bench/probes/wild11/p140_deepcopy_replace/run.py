import copy
import dataclasses
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

TEMPLATE = LoRARequest("cand", 7, "/adapters/template")

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = copy.deepcopy(TEMPLATE)
        req.lora_path = ckpt
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
