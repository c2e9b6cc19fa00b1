# expect: Affected line=14 reason~="between two items of a generator that serves it"
"""A generator expression made first and looped over later: each of its items is made when
the loop takes it, after the save of the item before, under the same lora_int_id. Only the
first item's weights are ever served."""

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
prompts = ["a", "b", "c"]
outputs = (
    llm.generate(
        [prompt], lora_request=LoRARequest("live", 1, "/tmp/live")
    )
    for prompt in prompts
)
for out in outputs:
    policy.fit(out)
    policy.save_pretrained("/tmp/live")
