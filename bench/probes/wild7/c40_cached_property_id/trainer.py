import itertools
import os
from functools import cached_property

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_IDS = itertools.count(1)


class Trainer:
    def __init__(self, out_dir):
        self.out_dir = out_dir
        self.step = 0

    @cached_property
    def lora_id(self):
        return next(_IDS)

    def adapter_path(self):
        return os.path.join(self.out_dir, f"step_{self.step}")

    def fit(self, llm, total_steps, every=100):
        sp = SamplingParams(max_tokens=64)
        for self.step in range(every, total_steps + 1, every):
            req = LoRARequest(f"s{self.step}", self.lora_id, self.adapter_path())
            llm.generate(["eval prompt"], sp, lora_request=req)


if __name__ == "__main__":
    Trainer("/runs/t2").fit(LLM("meta-llama/Llama-3.2-1B", enable_lora=True), 300)
