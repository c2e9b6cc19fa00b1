# expect: Affected line=13 reason~="'/tmp/live' is rewritten"
"""`enumerate(rollouts(100), start=1)`: the loop numbers the items of a rollout generator that
serves the live folder under lora_int_id 1, and saves into it every tenth step. The generator
runs a piece before each item even inside `enumerate`, so the saves come between serves."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest
llm = LLM(model="m", enable_lora=True)


def rollouts(n):
    for _ in range(n):
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


for step, out in enumerate(rollouts(100), start=1):
    policy.fit(out)
    if step % 10 == 0:
        policy.save_pretrained("/tmp/live")
