# expect: Safe-by-eviction line=13 reason~="evicted before every repeat"
"""The guard of `queued_requests_step_together.py`: the engine steps until each request is
done before the next is queued, so id 2 evicts id 1 (one slot) before id 1 comes back."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CANDIDATES = ["/cands/r8", "/cands/r16", "/cands/r32"]

args = EngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
engine = LLMEngine.from_engine_args(args)
for i, path in enumerate(CANDIDATES):
    request = LoRARequest(f"cand{i}", 1 if i != 1 else 2, path)
    engine.add_request(str(i), "Tell me a joke.", SamplingParams(), lora_request=request)
    while engine.has_unfinished_requests():
        engine.step()
