# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime"
"""The loop over the rollout generator saves once and breaks: the generator is closed after its
first item, so the live folder is served once and never again after the save."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts():
    for _ in range(3):
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for out in rollouts():
    policy.save_pretrained("/tmp/live")
    break
else:
    print("never")
