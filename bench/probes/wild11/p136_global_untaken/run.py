import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

NEXT_ID = 1
FRESH_IDS = False


def request_for(path: str) -> LoRARequest:
    global NEXT_ID
    if FRESH_IDS:
        NEXT_ID += 1
    return LoRARequest(f"a{NEXT_ID}", NEXT_ID, path)


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=request_for(ckpt)))
