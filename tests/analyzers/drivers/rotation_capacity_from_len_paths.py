# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c", "d"]
llm = LLM(model="b", enable_lora=True, max_loras=len(paths))
for i, p in enumerate(paths):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"n{i}", i % 2 + 1, p))
