# expect: Affected line=9 reason~="lora_int_id 1 is reused without invalidation" reason~="sys.argv[1:][3]"
"""Three slots named by a constant: the fourth checkpoint takes slot 1 back without removing it."""
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
SLOTS = 3
llm = LLM(model="base", enable_lora=True, max_loras=8, max_cpu_loras=8)
for step, ckpt in enumerate(sys.argv[1:]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"s{step}", step % SLOTS + 1, ckpt))
