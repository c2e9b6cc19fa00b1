# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""For the first twenty steps the loop skips to its next item before the save that ends each
step; from then on every step saves the policy into the folder it serves under lora_int_id 1.
The `continue` guards the save after it, so the loop is followed past the threshold."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for step, batch in enumerate(sys.argv[1:]):
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
    if step < 20:
        continue
    policy.save_pretrained("/tmp/live")
