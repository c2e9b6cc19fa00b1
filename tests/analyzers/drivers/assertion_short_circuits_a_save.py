# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""`assert step < 50 or save()` saves from step 50 on: an assertion's test runs what it calls.
Each save goes into the folder served under lora_int_id 1 at every step, whose weights vLLM
keeps from the first serve."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for step, batch in enumerate(sys.argv[1:]):
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
    assert step < 50 or policy.save_pretrained("/tmp/live") is None
