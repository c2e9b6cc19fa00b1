"""Policy and reference adapters, each role numbering its own requests."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Role:
    _last_id = 0

    @classmethod
    def next_id(cls) -> int:
        cls._last_id += 1
        return cls._last_id

    @classmethod
    def request(cls, path: str) -> LoRARequest:
        lora_id = cls.next_id()
        return LoRARequest(f"{cls.__name__}-{lora_id}", lora_id, path)


class Policy(Role):
    pass


class Reference(Role):
    pass


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=2)
    ref = Reference.request("/ckpt/sft-final")
    pol = Policy.request(sys.argv[1])
    sp = SamplingParams(max_tokens=16)
    print(llm.generate(["q"], sp, lora_request=ref))
    print(llm.generate(["q"], sp, lora_request=pol))
