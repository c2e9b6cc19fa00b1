# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation"
"""`object.__setattr__` is how a frozen dataclass or struct is changed in place: the id of
each checkpoint's request becomes 1 (was Safe-distinct-id)."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, ckpt in enumerate(sys.argv[1:]):
    req = LoRARequest(f"c{i}", i + 1, ckpt)
    object.__setattr__(req, "lora_int_id", 1)
    print(llm.generate(["hi"], lora_request=req))
