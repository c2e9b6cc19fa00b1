# expect: Affected line=9 reason~="lora_int_id 1 is reused"
"""The same loop, but every sync re-adds id 1 for a new folder without removing it: the first
step's adapter stays resident, and the reference serves it on every later step."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=1)
for step in range(1, 4):
    llm.llm_engine.add_lora(LoRARequest("policy", 1, f"ckpt/step{step}"))
    loaded = list(llm.llm_engine.list_loras())
    if len(loaded) > 0:
        request = LoRARequest(f"{loaded[0]}", loaded[0], "/stub-path")
        llm.generate(["q"], lora_request=request)
