# expect: Affected line=15 reason~="'/tmp/live' is rewritten"
"""The count is compared with its threshold before the `if`, into a flag the `if` then tests:
after eight steps each step saves the policy into the folder it serves under lora_int_id 1.
The flag carries the count's test to the `if`, so the loop is followed past the threshold."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    step += 1
    should_save = step >= 8
    if should_save:
        policy.save_pretrained("/tmp/live")
