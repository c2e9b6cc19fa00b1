# expect: Indeterminate line=15 reason~="compares a count with 5000"
"""The warm-up of `threshold_save_after_warmup.py` lasts five thousand steps: more than the
analysis follows a loop for, so the row says the count's threshold is where a longer run may do
otherwise, instead of calling the repeats benign."""
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
    if step > 5000:
        policy.save_pretrained("/tmp/live")
