# expect: Affected line=22 reason~="'/tmp/live' is rewritten at generator_saves_between_items.py:17"
"""A generator trains a round, saves the policy into the live folder and yields the folder; the
loop serves each under lora_int_id 1. A generator runs its body a piece before each item, so
the folder changes between two serves and the second gets the first round's weights."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)


def rounds():
    for batch in sys.argv[1:]:
        policy.fit(batch)
        policy.save_pretrained("/tmp/live")
        yield "/tmp/live"


for folder in rounds():
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, folder))
