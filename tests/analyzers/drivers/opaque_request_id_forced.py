# expect: Affected line=11 reason~="lora_int_id 1 is reused without invalidation" reason~="2 of 3 requests are stale"
"""A library builds the request; its id is forced to 1 for every new folder and it is added
to the engine with no invalidation, so from the second step on the first folder is served."""
from vllm import LLM

from adapter_lib import request_for  # returns a vllm LoRARequest; outside the repository

llm = LLM(model="base", enable_lora=True)
for step in range(3):
    request = request_for(f"runs/step_{step}")
    request.lora_int_id = 1
    request.lora_path = f"runs/step_{step}"
    llm.llm_engine.add_lora(request)
