import itertools
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        lora_id = next(itertools.count(1))
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest(f"c{lora_id}", lora_id, ckpt)))
