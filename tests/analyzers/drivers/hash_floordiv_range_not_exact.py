# expect: Indeterminate line=9 reason~="% 10 // 3 + 1" reason~="probability at most 1"
"""`(abs(hash(p)) % 10) // 3 + 1` has four values although its modulus bound says three: with
a cache of three, the analysis cannot show that nothing is evicted, so it claims no certainty."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=3)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    slot = (abs(hash(p)) % 10) // 3 + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, slot, p))
