import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Trainer:
    def __init__(self, out_dir, eval_every=100, slot_span=500):
        self.out_dir = out_dir
        self.eval_every = eval_every
        self.slot_span = slot_span
        self.step = 0

    @property
    def lora_id(self):
        # one slot per 500 steps
        return self.step // self.slot_span + 1

    @property
    def adapter_path(self):
        return os.path.join(self.out_dir, f"step_{self.step}")

    def fit(self, llm, total_steps):
        sp = SamplingParams(max_tokens=64)
        while self.step < total_steps:
            self.step += self.eval_every
            req = LoRARequest(f"s{self.step}", self.lora_id, self.adapter_path)
            llm.generate(["eval prompt"], sp, lora_request=req)


if __name__ == "__main__":
    Trainer("/runs/t1").fit(LLM("meta-llama/Llama-3.2-1B", enable_lora=True), 400)
