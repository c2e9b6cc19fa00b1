import multiprocessing as mp
from concurrent.futures import ProcessPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_LLM = None


def _get_llm():
    global _LLM
    if _LLM is None:
        _LLM = LLM("Qwen/Qwen2.5-0.5B", enable_lora=True, gpu_memory_utilization=0.2)
    return _LLM


def evaluate(path):
    llm = _get_llm()
    out = llm.generate(["1, 2, 3,"], SamplingParams(max_tokens=8), lora_request=LoRARequest("ck", 1, path))
    return path, out[0].outputs[0].text


if __name__ == "__main__":
    ckpts = [f"/ckpt/q05/step_{i * 100}" for i in range(1, 7)]
    # one checkpoint per worker process: a fresh engine (and LoRA cache) each time
    with ProcessPoolExecutor(max_workers=1, max_tasks_per_child=1,
                             mp_context=mp.get_context("spawn")) as ex:
        for path, text in ex.map(evaluate, ckpts):
            print(path, text)
