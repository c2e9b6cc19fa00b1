# expect: Affected line=13 reason~="only with Ray running later `evaluate` tasks in the worker of an earlier one"
"""Ray keeps a CPU task's worker for later tasks: the engine built in the first one serves the next checkpoint."""
import sys
import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_llm = None
@ray.remote
def evaluate(path):
    global _llm
    if _llm is None:
        _llm = LLM(model="base", enable_lora=True)
    return _llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, path))
ray.init()
print(ray.get([evaluate.remote(p) for p in sys.argv[1:]]))
