# expect: Safe-by-eviction line=14 reason~="evicted before every repeat"
"""A rollout stream pulled with `next()` whose generator drops lora_int_id 1 before each item
it serves: every item after a save loads the folder again."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts():
    while True:
        llm.remove_lora(1)
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


stream = rollouts()
for step in range(3):
    out = next(stream)
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
