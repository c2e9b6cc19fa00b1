# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CHECKPOINTS = [f"out/epoch_{e}" for e in range(6)]
llm = LLM(model="base", enable_lora=True, max_loras=4)
for i, path in enumerate(CHECKPOINTS):
    request = LoRARequest(f"slot{i % 2}", i % 2 + 1, path)
    llm.generate(["x"], SamplingParams(), lora_request=request)
