"""Grade checkpoints on a numeric task; skip adapters whose answer does not parse."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        req = LoRARequest("cand", 1, ckpt)
        out = llm.generate(["What is 6*7?"], SamplingParams(max_tokens=8), lora_request=req)
        try:
            value = float(out[0].outputs[0].text.strip())
        except ValueError:
            continue
        llm.llm_engine.remove_lora(1)
        print(ckpt, value == 42.0)
