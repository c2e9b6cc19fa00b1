import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_engine = None


def _init_worker(model):
    global _engine
    _engine = LLM(model, enable_lora=True, gpu_memory_utilization=0.35)


def _work(path):
    req = LoRARequest("ck", 1, path)
    out = _engine.generate(["Q: 9*9?"], SamplingParams(max_tokens=8), lora_request=req)
    return path, out[0].outputs[0].text


if __name__ == "__main__":
    ckpts = [f"/ck/s{i}" for i in range(6)]
    ctx = mp.get_context("spawn")
    with ctx.Pool(2, initializer=_init_worker, initargs=("Qwen/Qwen2.5-0.5B",)) as pool:
        for path, text in pool.map(_work, ckpts):
            print(path, text)
