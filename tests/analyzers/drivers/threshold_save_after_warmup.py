# expect: Affected line=17 reason~="'/tmp/live' is rewritten"
"""Each step samples the live adapter under lora_int_id 1, and after ten warm-up steps each step
also saves the policy into that folder. Three steps followed never reach the first save: the
loop is followed until the count passes the threshold, where the next sample is served the
weights cached before the save."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

WARMUP = 10
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    step += 1
    if step >= WARMUP:
        policy.save_pretrained("/tmp/live")
