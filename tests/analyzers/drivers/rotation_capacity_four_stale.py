# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'out/epoch_0'" reason~="4 of 6 requests are stale"
"""The same two-slot rotation at capacity 4: both ids stay cached, so from the third checkpoint on
every request is served an earlier one."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = [f"out/epoch_{e}" for e in range(6)]
llm = LLM(model="base", enable_lora=True, max_loras=4)
for i, path in enumerate(CHECKPOINTS):
    request = LoRARequest(f"slot{i % 2}", i % 2 + 1, path)
    llm.generate(["x"], SamplingParams(), lora_request=request)
