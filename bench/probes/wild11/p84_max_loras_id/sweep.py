"""Evaluate checkpoints in the engine's last adapter slot."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=4)
    last_slot = llm.llm_engine.vllm_config.lora_config.max_loras
    for ckpt in sys.argv[1:]:
        req = LoRARequest("last", last_slot, ckpt)
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=req))
