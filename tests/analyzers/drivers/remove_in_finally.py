# expect: Safe-by-eviction
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_cpu_loras=4)
for p in ["a", "b", "c"]:
    try:
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
    finally:
        llm.llm_engine.remove_lora(1)
