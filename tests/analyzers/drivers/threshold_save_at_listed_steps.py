# expect: Affected line=16 reason~="'/tmp/live' is rewritten"
"""The policy is saved into the served folder at the steps a tuple lists (`step in SAVE_STEPS`),
the first of them the tenth: the loop is followed until the count reaches it, where the next
serve under lora_int_id 1 gets the weights cached before the save."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

SAVE_STEPS = (10, 20)
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    step += 1
    if step in SAVE_STEPS:
        policy.save_pretrained("/tmp/live")
