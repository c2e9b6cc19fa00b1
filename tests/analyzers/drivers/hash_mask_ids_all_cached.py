# expect: Affected line=9 reason~="& 0x3" reason~="which has only 4 values, and the cache (capacity 4) holds them all without evicting: with 6 adapters"
"""`(hash(p) & 3) + 1` for six adapters on a cache of four: a mask leaves exactly four ids, all
cached, so two of the six share one and the later is served the earlier one's weights."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=4)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    slot = (hash(p) & 3) + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, slot, p))
