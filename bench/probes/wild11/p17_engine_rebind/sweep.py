"""Fresh engine per checkpoint so nothing is cached between them."""
import gc
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

MODEL = "meta-llama/Llama-3.2-1B"


def main() -> None:
    llm = LLM(model=MODEL, enable_lora=True)
    sp = SamplingParams(max_tokens=16)
    for ckpt in sys.argv[1:]:
        gc.collect()
        fresh_llm = LLM(model=MODEL, enable_lora=True)
        req = LoRARequest("candidate", 1, ckpt)
        print(ckpt, llm.generate(["2+2="], sp, lora_request=req)[0].outputs[0].text)
        del fresh_llm


if __name__ == "__main__":
    main()
