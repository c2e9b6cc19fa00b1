# expect: Indeterminate line=9 reason~="a stale serve needs two of 6 adapters to collide modulo 4 while cached (capacity 2)" reason~="probability at most 1, so nothing here keeps two of them from sharing an id"
"""`abs(hash(p)) % 4 + 1` for six adapters on a cache of two: ids collide for sure, but with
four ids and two slots an LRU eviction may come between the two that share one, so how likely a
stale serve is stays open."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True, max_loras=2)
for p in ["c/1", "c/2", "c/3", "c/4", "c/5", "c/6"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(p, abs(hash(p)) % 4 + 1, p))
