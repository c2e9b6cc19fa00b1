# expect: Affected line=8 reason~="lora_int_id comes from abs(hash('c/1')) % 4 + 1" reason~="which has only 4 values, and the cache (capacity 4) holds them all without evicting: with 6 adapters, two adapters share an id"
"""`abs(hash(p)) % 4 + 1` for six adapters on a cache that holds all four ids: two of the six
share an id (pigeonhole) and nothing evicts the first before the second, which is served stale."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, abs(hash(p)) % 4 + 1, p))
