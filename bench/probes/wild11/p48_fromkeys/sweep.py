"""Map every checkpoint to an id first, then evaluate them all."""
import itertools
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_counter = itertools.count(1)

if __name__ == "__main__":
    ckpts = sys.argv[1:]
    ids = dict.fromkeys(ckpts, next(_counter))
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt, lora_id in ids.items():
        req = LoRARequest(f"c{lora_id}", lora_id, ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
