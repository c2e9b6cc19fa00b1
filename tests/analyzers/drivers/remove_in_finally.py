# expect: Safe-by-eviction line=8 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (remove_lora"
"""`remove_lora(1)` in a finally block after every request: the id is gone before it is reused."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_cpu_loras=4)
for p in ["a", "b", "c"]:
    try:
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, p))
    finally:
        llm.llm_engine.remove_lora(1)
