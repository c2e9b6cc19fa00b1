"""Evaluate checkpoints; unload after each one, skipping empty outputs."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = LoRARequest("cand", 1, ckpt)
        try:
            out = llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req)
            if not out[0].outputs[0].text:
                continue
            print(ckpt, out[0].outputs[0].text)
        finally:
            llm.llm_engine.remove_lora(1)
