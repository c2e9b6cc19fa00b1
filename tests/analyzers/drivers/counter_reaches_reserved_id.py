# expect: Affected line=10 reason~="lora_int_id 5 is reused without invalidation" reason~="is served '/adapters/baseline'"
"""The checkpoint counter counts 1, 2, 3, ... and reaches 5, the id the baseline keeps, at the fifth checkpoint."""
import sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=8)
baseline = LoRARequest("baseline", 5, "/adapters/baseline")
llm.generate(["q"], SamplingParams(), lora_request=baseline)
for i, ckpt in enumerate(sys.argv[1:]):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i + 1, ckpt))
    llm.generate(["q"], SamplingParams(), lora_request=baseline)
