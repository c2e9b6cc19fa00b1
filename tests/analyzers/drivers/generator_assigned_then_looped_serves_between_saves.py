# expect: Affected line=15 reason~="between two items of a generator that serves it"
"""The rollout generator is made first and looped over on the next line: the loop takes its
items as they are made, so every item after the first is served after a save, under the
lora_int_id the first load cached."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts(n):
    for _ in range(n):
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


stream = rollouts(3)
for out in stream:
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
