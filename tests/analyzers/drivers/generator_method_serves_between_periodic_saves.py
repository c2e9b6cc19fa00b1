# expect: Affected line=16 reason~="'/tmp/live' is rewritten"
"""A trainer method loops over its own rollout generator (a method), saving every other step
into the folder each rollout serves under lora_int_id 1."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


class Trainer:
    def __init__(self):
        self.llm = LLM(model="m", enable_lora=True)

    def rollouts(self, n):
        for step in range(n):
            yield step, self.llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))

    def train(self, n):
        for step, out in self.rollouts(n):
            policy.fit(out)
            if step % 2 == 0:
                policy.save_pretrained("/tmp/live")


Trainer().train(10)
