# expect: Affected line=10 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'run/epoch0/ck0'" reason~="3 of 6 requests are stale"
"""enumerate() restarts every epoch while the paths change: ids 1..3 come back with new paths and
are still cached (capacity 4)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for epoch in range(2):
    ckpts = [f"run/epoch{epoch}/ck{k}" for k in range(3)]
    for i, ck in enumerate(ckpts):
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i + 1, ck))
