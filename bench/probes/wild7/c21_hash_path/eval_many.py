import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def lora_id_for(path: str) -> int:
    return abs(hash(path)) % (2**31 - 1) + 1


def main(paths):
    llm = LLM("meta-llama/Llama-3.1-8B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=64)
    for path in paths:
        req = LoRARequest(path, lora_id_for(path), path)
        out = llm.generate(["Tell me a joke."], sp, lora_request=req)
        print(path, out[0].outputs[0].text)


if __name__ == "__main__":
    main(sys.argv[1:])
