# expect: Affected line=16 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'ckpt/1'" reason~="2 of 3 requests are stale"
"""A one-worker process pool reuses its process: the per-process engine sees every checkpoint under
id 1."""
from concurrent.futures import ProcessPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_LLM = None


def evaluate(checkpoint: str) -> str:
    global _LLM
    if _LLM is None:
        _LLM = LLM(model="base", enable_lora=True)
    outputs = _LLM.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, checkpoint))
    return outputs[0].outputs[0].text


if __name__ == "__main__":
    with ProcessPoolExecutor(max_workers=1) as pool:
        print(list(pool.map(evaluate, ["ckpt/1", "ckpt/2", "ckpt/3"])))
