# expect: Affected line=12 reason~="lora_int_id 1 is reused"
"""Every candidate is queued with `add_request` before the engine steps: they run in one
batch, and the third (id 1 again, another folder) joins the first one's id 1."""
from vllm import EngineArgs, LLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

CANDIDATES = ["/cands/r8", "/cands/r16", "/cands/r32"]

args = EngineArgs(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=1)
engine = LLMEngine.from_engine_args(args)
for i, path in enumerate(CANDIDATES):
    request = LoRARequest(f"cand{i}", 1 if i != 1 else 2, path)
    engine.add_request(str(i), "Tell me a joke.", SamplingParams(), lora_request=request)
while engine.has_unfinished_requests():
    for out in engine.step():
        if out.finished:
            print(out.request_id, out.outputs[0].text)
