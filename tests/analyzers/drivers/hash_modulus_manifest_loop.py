# expect: Affected line=14 reason~="lora_int_id comes from hash(entries[0]['name']) % 8 + 1" reason~="which has only 8 values, and the cache (capacity 8) holds them all" reason~="with more than 8 adapters (how many is known only at run time)"
"""A manifest's adapters served under `hash(name) % 8 + 1` on an engine that caches all eight
ids: with more than eight adapters two share an id and nothing evicts the first, so the second
is served the first one's weights. How many the manifest lists is known only at run time."""
import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

entries = json.load(open("adapters.json"))
llm = LLM(model="b", enable_lora=True, max_loras=8)
for entry in entries:
    slot = hash(entry["name"]) % 8 + 1
    request = LoRARequest(entry["name"], slot, entry["path"])
    llm.generate(["q"], SamplingParams(), lora_request=request)
