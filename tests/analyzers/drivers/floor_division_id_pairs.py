# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'c/0'" reason~="3 of 6 requests are stale"
"""`i // 2 + 1`: two checkpoints share each id while it is still cached (capacity 4)."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
paths = [f"c/{i}" for i in range(6)]
for i in range(6):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"x{i}", i // 2 + 1, paths[i]))
