import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def next_id(_state={"n": 0}) -> int:
    _state["n"] += 1
    return _state["n"]


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        lora_id = next_id()
        print(llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=LoRARequest(f"c{lora_id}", lora_id, ckpt)))
