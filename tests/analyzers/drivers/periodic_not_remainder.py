# expect: Affected line=17 reason~="'/tmp/live' is rewritten"
"""`if not step % 50:` (the remainder's truth, negated) on a count kept by hand: every fiftieth
step saves the policy into one folder and serves it under lora_int_id 1. The test is followed
as `step % 50 == 0` is, until the second save, served the first weights."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    policy.fit(batch)
    if not step % 50:
        policy.save_pretrained("/tmp/live")
        llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    step += 1
