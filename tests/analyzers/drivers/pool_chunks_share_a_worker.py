# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation"
"""maxtasksperchild=1 renews the worker per task, but chunksize=4 puts four checkpoints in one task."""
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
        pool.map(evaluate, sys.argv[1:], chunksize=4)
