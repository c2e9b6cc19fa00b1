# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLMEngine" reason~="is served 'a'" reason~="2 of 4 requests are stale"
"""max_loras=1 but max_cpu_loras=2: the CPU cache keeps id 1 alive across the id-2 request."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

engine_args = EngineArgs(model="base", enable_lora=True, max_loras=1, max_cpu_loras=2)
engine = LLMEngine.from_engine_args(engine_args)
for i, path in enumerate(["a", "b", "c", "d"]):
    lora_id = i % 2 + 1
    engine.add_request(str(i), "prompt", SamplingParams(), lora_request=LoRARequest(path, lora_id, path))
    while engine.has_unfinished_requests():
        engine.step()
