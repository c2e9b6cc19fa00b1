import multiprocessing as mp

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def _eval(path, q):
    llm = LLM("Qwen/Qwen2.5-0.5B", enable_lora=True)
    out = llm.generate(["Q: 9*9?"], SamplingParams(max_tokens=8),
                       lora_request=LoRARequest("ck", 1, path))
    q.put((path, out[0].outputs[0].text))


if __name__ == "__main__":
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    for path in [f"/ck/s{i}" for i in range(4)]:
        p = ctx.Process(target=_eval, args=(path, q))
        p.start()
        print(q.get())
        p.join()
