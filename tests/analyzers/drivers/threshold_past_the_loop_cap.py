# expect: Affected line=13 reason~="'/tmp/live' is rewritten"
"""A loop of known length, longer than the analysis follows one for at first (64 items): at step
100 the policy is saved into the folder every step serves under lora_int_id 1. The loop is
followed past the threshold, where the next serve gets the weights cached before the save."""
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

SAVE_AT = 100
llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
for step in range(1000):
    policy.fit(step)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    if step == SAVE_AT:
        policy.save_pretrained("/tmp/live")
