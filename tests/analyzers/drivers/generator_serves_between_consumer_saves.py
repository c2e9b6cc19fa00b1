# expect: Affected line=16 reason~="'/tmp/live' is rewritten"
"""A rollout generator serves the live folder under lora_int_id 1 for each item; the training
loop over it saves the policy into that folder after each item. A generator runs a piece
before each item its loop takes, so the saves come between the serves: from the second item
on, vLLM serves the weights it cached at the first."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts(n):
    for _ in range(n):
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for out in rollouts(3):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
