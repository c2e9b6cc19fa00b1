# expect: Affected line=36 reason~="lora_int_id 1 is reused without invalidation"
"""A diamond: `Worker(Logged, Pinned)`, both on `Counting`. Python looks `next_id` up in
Worker, Logged, Pinned, Counting: Pinned's constant 1 wins over the counter. A depth-first
lookup went from Logged to Counting and found the counter (Safe-distinct-id)."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest


class Counting:
    issued = 0

    def next_id(self):
        self.issued += 1
        return self.issued


class Logged(Counting):
    def log(self, text):
        print(text)


class Pinned(Counting):
    def next_id(self):
        return 1


class Worker(Logged, Pinned):
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def rollout(self, path):
        lora_id = self.next_id()
        self.log(f"serving {path} as {lora_id}")
        return self.llm.generate(["q"], lora_request=LoRARequest(f"p{lora_id}", lora_id, path))


if __name__ == "__main__":
    worker = Worker()
    for ckpt in sys.argv[1:]:
        worker.rollout(ckpt)
