# expect: Affected line=12 reason~="in LLMEngine at engine_args_capacity_set_after_construction.py:10 (capacity 4)" reason~="is served 'ck/a'"
"""`args.max_cpu_loras = 4` on the EngineArgs before the engine is built: the cache holds
four adapters, so ids 1 and 2 alternating over four checkpoints are never evicted."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["ck/a", "ck/b", "ck/c", "ck/d"]
args = EngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
args.max_cpu_loras = 4
engine = LLMEngine.from_engine_args(args)
for i, c in enumerate(CKPTS):
    engine.add_request(str(i), "hi", SamplingParams(max_tokens=8), lora_request=LoRARequest(c, i % 2 + 1, c))
    while engine.has_unfinished_requests():
        engine.step()
