# expect: Indeterminate line=8 reason~="lora_int_id comes from abs(hash('c/1')) % 4 + 1" reason~="probability at most 1"
"""`abs(hash(p)) % 4 + 1` for six adapters: collisions are certain to be possible, so no useful
bound exists."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, abs(hash(p)) % 4 + 1, p))
