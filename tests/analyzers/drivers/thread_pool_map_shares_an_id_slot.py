# expect: Affected line=14 reason~="lora_int_id 1 is reused"
"""`pool.map` runs the items on its threads at once, on one engine: their requests are
scheduled together, and the third (id 1 again, another folder) joins the first one's id 1."""
from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["/ckpt/a", "/ckpt/b", "/ckpt/c"]
llm = LLM(model="meta-llama/Llama-3.2-1B", enable_lora=True)


def run(index: int, path: str):
    request = LoRARequest(f"c{index}", index % 2 + 1, path)
    return llm.generate(["hello"], SamplingParams(max_tokens=8), lora_request=request)


with ThreadPoolExecutor(max_workers=3) as pool:
    for out in pool.map(run, range(len(CKPTS)), CKPTS):
        print(out[0].outputs[0].text)
