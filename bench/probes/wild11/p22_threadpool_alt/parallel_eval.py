"""Evaluate three adapters in parallel threads on one engine (two slots in turn)."""
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/a", "/ckpt/b", "/ckpt/c"]
llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)


def run(i_path):
    i, path = i_path
    req = LoRARequest(f"c{i}", i % 2 + 1, path)
    return llm.generate(["hello"], SamplingParams(max_tokens=8), lora_request=req)


if __name__ == "__main__":
    with ThreadPoolExecutor(max_workers=3) as pool:
        for out in pool.map(run, enumerate(CKPTS)):
            print(out[0].outputs[0].text)
