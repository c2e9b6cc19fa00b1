# expect: Affected line=18 reason~="between two items of a generator that serves it"
"""A rollout stream pulled with `next()` whose generator drops lora_int_id 1 only before its
first item: the items after a save are served the weights cached at the first, since no drop
comes before them."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts():
    first = True
    while True:
        if first:
            llm.remove_lora(1)
            first = False
        yield llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))


stream = rollouts()
for step in range(3):
    out = next(stream)
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
