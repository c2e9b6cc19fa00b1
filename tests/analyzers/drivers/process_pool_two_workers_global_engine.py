# expect: Affected line=14 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="4 of 5 requests are stale"
"""A two-worker process pool with a per-process global engine: some worker serves two checkpoints
under id 1."""
from concurrent.futures import ProcessPoolExecutor
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
_LLM = None


def evaluate(path):
    global _LLM
    if _LLM is None:
        _LLM = LLM(model="b", enable_lora=True)
    return _LLM.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))


if __name__ == "__main__":
    with ProcessPoolExecutor(max_workers=2) as ex:
        list(ex.map(evaluate, ["a", "b", "c", "d", "e"]))
