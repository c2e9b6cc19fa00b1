# expect: Indeterminate line=16 reason~="which adapter it touches decides what LRU evicts"
"""Three checkpoints take turns in a cache of two under ids that come back: LRU eviction keeps
each repeat fresh only if nothing else touches the cache in between. A request for "whatever
is loaded first" touches one of the two resident adapters, and which one decides the next
eviction."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=2, max_cpu_loras=2)
for round_ in range(2):
    for slot in range(3):
        llm.generate(["q"], lora_request=LoRARequest(f"s{slot}", slot + 1, f"ckpt/{round_}/{slot}"))
        if slot == 1:
            loaded = list(llm.llm_engine.list_loras())
            reference = LoRARequest("ref", loaded[0], "/stub-path")
            llm.generate(["q"], lora_request=reference)
