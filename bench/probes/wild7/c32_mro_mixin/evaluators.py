import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class IdAllocator:
    def __init__(self):
        self._ids = itertools.count(1)

    def next_id(self):
        return next(self._ids)


class PinnedSlotMixin:
    def next_id(self):
        return 7


class Evaluator(PinnedSlotMixin, IdAllocator):
    def __init__(self, llm):
        super().__init__()
        self.llm = llm

    def run(self, path):
        req = LoRARequest(path, self.next_id(), path)
        return self.llm.generate(["Hello"], SamplingParams(max_tokens=8), lora_request=req)


if __name__ == "__main__":
    ev = Evaluator(LLM("meta-llama/Llama-3.2-1B", enable_lora=True))
    for p in ("/ad/a", "/ad/b"):
        print(p, ev.run(p)[0].outputs[0].text)
