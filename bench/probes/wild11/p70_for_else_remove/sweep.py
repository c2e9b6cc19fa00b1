"""Evaluate checkpoints with retries; give up on an adapter after three empty answers."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = LoRARequest("cand", 1, ckpt)
        for attempt in range(3):
            out = llm.generate(["q"], SamplingParams(max_tokens=8, seed=attempt), lora_request=req)
            if out[0].outputs[0].text.strip():
                print(ckpt, out[0].outputs[0].text)
                break
        else:
            llm.llm_engine.remove_lora(req.lora_int_id)
