# expect: Affected line=12 reason~="lora_int_id 1 is reused"
"""`list(map(...))` over the command line's checkpoints serves each one under lora_int_id 1:
a `map` over items of unknown number still runs its function on each item followed."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
outputs = list(
    map(
        lambda path: llm.generate(["hi"], lora_request=LoRARequest("x", 1, path)),
        sys.argv[1:],
    )
)
print(outputs)
