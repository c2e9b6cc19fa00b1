# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

PATHS = ["a", "b", "c"]
llm = LLM(model="base", enable_lora=True)
for i, path in enumerate(PATHS):
    req = LoRARequest(f"n{i}", i + 1, path)
    req.lora_int_id = 1  # "normalise" ids for logging
    llm.generate(["x"], SamplingParams(), lora_request=req)
