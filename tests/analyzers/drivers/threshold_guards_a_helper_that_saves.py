# expect: Affected line=20 reason~="'/tmp/live' is rewritten"
"""After ten warm-up steps a helper of the same file saves the policy into the folder every
step serves under lora_int_id 1. The `if` names no save itself: the helper it calls does, so
the loop is followed past the threshold, where the next serve gets the weights cached before."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


def checkpoint(model):
    model.save_pretrained("/tmp/live")


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    step += 1
    if step >= 10:
        checkpoint(policy)
