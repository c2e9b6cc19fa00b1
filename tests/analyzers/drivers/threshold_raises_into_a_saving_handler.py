# expect: Affected line=19 reason~="'/tmp/live' is rewritten"
"""From step 12 on, a test raises into the `except` around it, whose handler saves the policy
into the folder served under lora_int_id 1 at every step. The `if` names no save: the handler
its `raise` reaches does, so the count's test guards it and the loop is followed past it."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for step, batch in enumerate(sys.argv[1:]):
    policy.fit(batch)
    try:
        if step >= 12:
            raise StopIteration
    except StopIteration:
        policy.save_pretrained("/tmp/live")
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
