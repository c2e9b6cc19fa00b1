# expect: Safe-fresh-process line=13 reason~="only in separate processes"
"""max_calls=1: each task gets a fresh worker with an empty cache."""
import sys
import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_llm = None
@ray.remote(max_calls=1)
def evaluate(path):
    global _llm
    if _llm is None:
        _llm = LLM(model="base", enable_lora=True)
    return _llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, path))
ray.init()
print(ray.get([evaluate.remote(p) for p in sys.argv[1:]]))
