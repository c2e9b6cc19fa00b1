"""Two slots in turn; the slot used two steps ago is released after each step."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=2)
    for i, ckpt in enumerate(sys.argv[1:]):
        slot = i % 2 + 1
        req = LoRARequest(f"slot{slot}", slot, ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
        llm.llm_engine.remove_lora(i % 2)
