# expect: Affected line=15 reason~="between two items of a generator that serves it"
"""An endless rollout generator zipped with the step range: zip takes one item of each per
step, so the generator serves its next item after the save of the step before, under the same
lora_int_id."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts():
    while True:
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for step, out in zip(range(3), rollouts()):
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
