# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
paths = [f"c/{i}" for i in range(6)]
for i in range(6):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"x{i}", i // 2 + 1, paths[i]))
