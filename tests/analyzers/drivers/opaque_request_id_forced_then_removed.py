# expect: Safe-by-eviction line=14 reason~="evicted before every repeat" reason~="remove_lora at"
"""A library builds the request; its id is then forced to 1 for every new folder, but
`remove_lora(1)` comes before each add, so every add reads the new folder (Safe-by-eviction)."""
from vllm import LLM

from adapter_lib import request_for  # returns a vllm LoRARequest; outside the repository

llm = LLM(model="base", enable_lora=True)
for step in range(3):
    request = request_for(f"runs/step_{step}")
    request.lora_int_id = 1
    request.lora_path = f"runs/step_{step}"
    llm.llm_engine.remove_lora(1)
    llm.llm_engine.add_lora(request)
