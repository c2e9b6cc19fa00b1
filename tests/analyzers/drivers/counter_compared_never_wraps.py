# expect: Safe-distinct-id line=10 reason~="12 distinct ids"
"""The counter is compared with 10 only to print; it never wraps, so every id is new."""
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=8)
for i, ckpt in enumerate(sys.argv[1:]):
    if i > 10:
        print("many checkpoints")
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i + 1, ckpt))
