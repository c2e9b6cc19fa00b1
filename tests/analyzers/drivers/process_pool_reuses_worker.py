# expect: Affected
"""A process pool reuses its workers: the per-process engine sees several checkpoints."""
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
