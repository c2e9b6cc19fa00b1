# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c"]
reqs = [LoRARequest("same", 1, p) for p in paths]
llm = LLM(model="b", enable_lora=True)
for r in reqs:
    llm.generate(["q"], SamplingParams(), lora_request=r)
