# expect: Safe-distinct-id line=12 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""`next(itertools.count(start=1))` for every listed adapter: an id is never handed out twice."""
import itertools
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ids = itertools.count(start=1)
llm = LLM(model="base", enable_lora=True, max_loras=4)
for name in os.listdir("adapters"):
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(name, next(ids), os.path.join("adapters", name)))
