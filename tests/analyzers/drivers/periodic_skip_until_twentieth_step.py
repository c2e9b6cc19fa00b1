# expect: Affected line=19 reason~="'/tmp/live' is rewritten"
"""Every step but each twentieth leaves the loop body early; the twentieth saves the adapter
into one folder and serves it under lora_int_id 1. Three steps followed never reach the serve:
the loop is followed until the count's test lets it through twice."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest
from trainer import model

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
step = 0
for batch in sys.argv[1:]:
    step += 1
    if step % 20 != 0:
        continue
    model.fit(batch)
    model.save_pretrained("/tmp/live")
    llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
