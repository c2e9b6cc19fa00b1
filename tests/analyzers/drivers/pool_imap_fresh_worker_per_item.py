# expect: Safe-fresh-process line=12 reason~="only in separate processes"
"""imap hands one item per task, and each task gets a fresh worker with an empty cache."""
import sys
from multiprocessing import Pool
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_llm = None
def evaluate(path):
    global _llm
    if _llm is None:
        _llm = LLM(model="base", enable_lora=True)
    return _llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, path))
if __name__ == "__main__":
    with Pool(2, maxtasksperchild=1) as pool:
        for _ in pool.imap(evaluate, sys.argv[1:]):
            pass
