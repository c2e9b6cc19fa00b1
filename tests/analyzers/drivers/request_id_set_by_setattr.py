# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation"
"""Each checkpoint gets its own request, then `setattr` gives every one of them id 1. A
`setattr` on a request was dropped (Safe-distinct-id); it is the assignment it spells."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, ckpt in enumerate(sys.argv[1:]):
    req = LoRARequest(f"c{i}", i + 1, ckpt)
    setattr(req, "lora_int_id", 1)
    print(llm.generate(["hi"], lora_request=req))
