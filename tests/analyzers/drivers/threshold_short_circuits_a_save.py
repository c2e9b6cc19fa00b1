# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""`step >= 12 and policy.save_pretrained(...)` as a statement: the `and` skips the save for the
first twelve steps, then saves into the folder served under lora_int_id 1 at every step. The
count's test guards the operand it may skip, as an `if` guards its body."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for step, batch in enumerate(sys.argv[1:]):
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
    step >= 12 and policy.save_pretrained("/tmp/live")
