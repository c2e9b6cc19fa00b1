# expect: Safe-fresh-process line=20 reason~="lora_int_id 1 is reused for different adapters only in separate processes"
"""Each checkpoint is evaluated in its own process with a per-process engine: every cell starts with
an empty cache, so the reused id never meets a stale copy."""
import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_LLM = None


def engine() -> LLM:
    global _LLM
    if _LLM is None:
        _LLM = LLM(model="base", enable_lora=True)
    return _LLM


def evaluate(checkpoint: str) -> None:
    engine().generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, checkpoint))


if __name__ == "__main__":
    for checkpoint in ["ckpt/1", "ckpt/2", "ckpt/3"]:
        process = mp.Process(target=evaluate, args=(checkpoint,))
        process.start()
        process.join()
