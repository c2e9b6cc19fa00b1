from concurrent.futures import ThreadPoolExecutor

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM("microsoft/Phi-3-mini-4k-instruct", enable_lora=True, max_loras=2)
SP = SamplingParams(max_tokens=64)


def score(path):
    req = LoRARequest("eval", 1, path)
    out = llm.generate(["What is 17*23?"], SP, lora_request=req)
    return path, "391" in out[0].outputs[0].text


if __name__ == "__main__":
    ckpts = [f"/ckpt/phi3/step_{s}" for s in (250, 500, 750, 1000)]
    with ThreadPoolExecutor(max_workers=4) as ex:
        for path, ok in ex.map(score, ckpts):
            print(path, ok)
