# expect: Indeterminate line=15 reason~="lora_int_id comes from `slot` after the loop"
"""A big loop of plain arithmetic computes the id of the first adapter.

The loop (100,000 iterations) is summarised instead of unrolled, so `slot` is unknown after it:
it may equal the second adapter's id 1, so the verdict cannot be safe. (Unrolled and cut at 64
iterations, the loop would leave a wrong concrete `slot` and a wrong Safe verdict.)
"""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

slot = 0
for step in range(100_000):
    slot = (slot + step) % 5
llm = LLM(model="m", enable_lora=True)
llm.generate(["p"], SamplingParams(), lora_request=LoRARequest("a", slot + 1, "out/a"))
llm.generate(["p"], SamplingParams(), lora_request=LoRARequest("b", 1, "out/b"))
