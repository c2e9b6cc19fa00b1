# expect: Affected line=18 reason~="between two items of a generator that serves it"
"""A rollout stream pulled one item at a time with `next()`: the generator serves the live
folder under lora_int_id 1 for each item it makes, and the trainer saves into that folder
between two pulls. The second item is made after the first save, so vLLM serves it the
weights it cached at the first."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollouts():
    while True:
        batch = policy.sample_prompts()
        yield llm.generate(
            batch, lora_request=LoRARequest("live", 1, "/tmp/live")
        )


stream = rollouts()
for step in range(3):
    out = next(stream)
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
