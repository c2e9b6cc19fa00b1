# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation"
"""`req.__dict__["lora_int_id"] = 1` sets the attribute (vLLM's dataclass requests have a
`__dict__`); it was an item of an unknown table, and the request kept its own id."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, ckpt in enumerate(sys.argv[1:]):
    req = LoRARequest(f"c{i}", i + 1, ckpt)
    req.__dict__["lora_int_id"] = 1
    print(llm.generate(["hi"], lora_request=req))
