# expect: Affected
"""Distinct ids at construction, then overwritten: every request ends up with id 1."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for i, path in enumerate(["a", "b", "c"]):
    request = LoRARequest(f"r{i}", i + 1, path)
    request.lora_int_id = 1  # "normalise" ids for the logging dashboard
    llm.generate(["q"], SamplingParams(), lora_request=request)
