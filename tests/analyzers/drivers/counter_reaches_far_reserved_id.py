# expect: Indeterminate line=7 reason~="reaches id 111, which another request uses, after 111 items"
"""The counter meets the baseline id only after 111 checkpoints: more than the analysis unrolls, so it says so."""
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=8)
baseline = LoRARequest("baseline", 111, "/adapters/baseline")
llm.generate(["q"], SamplingParams(), lora_request=baseline)
for i, ckpt in enumerate(sys.argv[1:]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i + 1, ckpt))
    llm.generate(["q"], SamplingParams(), lora_request=baseline)
