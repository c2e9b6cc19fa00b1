import glob
from functools import lru_cache

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM("meta-llama/Llama-3.1-8B-Instruct", enable_lora=True)


def latest_checkpoint(name):
    return sorted(glob.glob(f"/ckpt/{name}/step_*"))[-1]


@lru_cache(maxsize=None)
def adapter_request(name):
    return LoRARequest(name, 1, latest_checkpoint(name))


def handle(prompt, name="assistant"):
    out = llm.generate([prompt], SamplingParams(max_tokens=256), lora_request=adapter_request(name))
    return out[0].outputs[0].text


if __name__ == "__main__":
    for q in ["hi", "what's up?", "tell me a joke"]:
        print(handle(q))
