import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def fresh_id(start=1):
    return next(itertools.count(start))


def main():
    llm = LLM("meta-llama/Llama-3.2-1B", enable_lora=True, max_loras=4)
    sp = SamplingParams(max_tokens=16)
    for path in ["/ck/e1", "/ck/e2", "/ck/e3"]:
        req = LoRARequest(path, fresh_id(), path)
        print(path, llm.generate(["x"], sp, lora_request=req)[0].outputs[0].text)


if __name__ == "__main__":
    main()
