# expect: Affected line=14 reason~="'/tmp/live' is rewritten"
"""`if step < 20: continue` inside a `with` block skips the save after the block for the first
twenty steps; from then on each step saves into the folder served under lora_int_id 1. The
test guards what its `continue` skips beyond its own block, up to the loop."""
import sys

from trainer import policy, timer
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
for step, batch in enumerate(sys.argv[1:]):
    policy.fit(batch)
    llm.generate(["hi"], lora_request=LoRARequest("a", 1, "/tmp/live"))
    with timer("warm-up"):
        if step < 20:
            continue
    policy.save_pretrained("/tmp/live")
