"""Serve the policy and the frozen reference adapter on one engine."""
import enum
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Slot(enum.IntEnum):
    POLICY = 1
    REFERENCE = 1


def main() -> None:
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=2)
    ref = LoRARequest("reference", Slot.REFERENCE, "/ckpt/sft-final")
    for ckpt in sys.argv[1:]:
        pol = LoRARequest("policy", Slot.POLICY, ckpt)
        a = llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=pol)
        b = llm.generate(["q"], SamplingParams(max_tokens=8), lora_request=ref)
        print(a, b)


if __name__ == "__main__":
    main()
