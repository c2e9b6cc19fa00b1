# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation"
"""The slot counter wraps to 1 after 3, which only a fourth checkpoint shows."""
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=8, max_cpu_loras=8)
slot = 0
for ckpt in sys.argv[1:]:
    slot += 1
    if slot > 3:
        slot = 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"s{slot}", slot, ckpt))
