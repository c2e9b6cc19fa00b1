"""Evaluate checkpoints under the id given by the launcher."""
import os
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LORA_ID = int(os.environ.get("LORA_ID", "1"))

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = LoRARequest(f"adapter-{LORA_ID}", LORA_ID, ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
