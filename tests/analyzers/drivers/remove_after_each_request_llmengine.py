# expect: Safe-by-eviction line=10 reason~="lora_int_id 1 comes back with a different adapter" reason~="evicted before every repeat (remove_lora"
"""LLMEngine steps each request to completion, then `remove_lora(1)`: id 1 is gone before it is
reused for the next path."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

engine = LLMEngine.from_engine_args(EngineArgs(model="meta-llama/Llama-2-7b-hf", enable_lora=True, max_loras=1, max_cpu_loras=4))
paths = ["ckpt/step_100", "ckpt/step_200", "ckpt/step_300"]
for n, path in enumerate(paths):
    engine.add_request(str(n), "prompt", SamplingParams(max_tokens=4), lora_request=LoRARequest("policy", 1, path))
    while engine.has_unfinished_requests():
        engine.step()
    engine.remove_lora(1)
