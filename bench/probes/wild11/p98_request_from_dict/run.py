"""Evaluate the adapters of a sweep (specs built in code)."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    specs = [{"lora_name": "cand", "lora_int_id": 1, "lora_path": p} for p in sys.argv[1:]]
    for spec in specs:
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest(**spec)))
