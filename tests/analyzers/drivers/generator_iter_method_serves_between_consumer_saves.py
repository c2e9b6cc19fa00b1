# expect: Affected line=17 reason~="'/tmp/live' is rewritten"
"""A rollout buffer class whose `__iter__` is a generator that serves the live folder under
lora_int_id 1 for each item; the training loop over an instance saves into that folder after
each item. The loop runs `__iter__` a piece before each item, so the saves come between serves."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest
llm = LLM(model="m", enable_lora=True)


class Rollouts:
    def __init__(self, n):
        self.n = n

    def __iter__(self):
        for _ in range(self.n):
            yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for out in Rollouts(3):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
