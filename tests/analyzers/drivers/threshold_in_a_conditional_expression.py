# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""The threshold test is a conditional expression, not an `if`: after ten steps each step saves
the policy into the folder it serves under lora_int_id 1. The loop is followed past it."""
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
    policy.save_pretrained("/tmp/live") if step > 10 else None
