# expect: Affected line=11 reason~="lora_int_id 0 is not a valid adapter id in LLM" reason~="gets the base model (id 0 < 1)" reason~="on vLLM 0.14.0: Safe-single-adapter, as the request at id_zero_fails_on_newer_releases.py:11 fails: ValueError: id must be > 0, got 0"
"""Id 0: before 0.11.0 vLLM serves the base model for it; from 0.11.0 on building the request
raises, which the per-release text says instead of a bare safe answer."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=1)
for prompt in sys.argv[2:]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("lora", 0, sys.argv[1]))
