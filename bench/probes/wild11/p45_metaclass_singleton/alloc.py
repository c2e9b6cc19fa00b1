"""Process-wide id allocator (singleton) used for every adapter request."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class _Singleton(type):
    _instances: dict = {}

    def __call__(cls, *args, **kwargs):
        if cls not in cls._instances:
            cls._instances[cls] = super().__call__(*args, **kwargs)
        return cls._instances[cls]


class IdAllocator(metaclass=_Singleton):
    def __init__(self) -> None:
        self.n = 0

    def next(self) -> int:
        self.n += 1
        return self.n


if __name__ == "__main__":
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    for ckpt in sys.argv[1:]:
        lora_id = IdAllocator().next()
        req = LoRARequest(f"a{lora_id}", lora_id, ckpt)
        print(llm.generate(["hi"], SamplingParams(max_tokens=4), lora_request=req))
