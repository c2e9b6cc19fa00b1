import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_engine = None


def _work(path):
    global _engine
    if _engine is None:
        _engine = LLM("Qwen/Qwen2.5-0.5B", enable_lora=True, gpu_memory_utilization=0.3)
    out = _engine.generate(["Q"], SamplingParams(max_tokens=8), lora_request=LoRARequest("ck", 1, path))
    return path, out[0].outputs[0].text


if __name__ == "__main__":
    ckpts = [f"/ck/s{i}" for i in range(20)]
    with mp.get_context("spawn").Pool(2, maxtasksperchild=1) as pool:
        for path, text in pool.map(_work, ckpts):
            print(path, text)
