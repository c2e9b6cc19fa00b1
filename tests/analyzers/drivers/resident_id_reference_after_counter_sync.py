# expect: Safe-distinct-id line=10 reason~="distinct ids"
"""An RL loop that syncs each step's adapter under a new id, and serves rollouts with a request
that only refers to whatever the engine reports as loaded (`list_loras()[0]`, a stub path): the
reference never loads anything, so the syncs alone decide."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=1)
for step in range(1, 4):
    llm.llm_engine.add_lora(LoRARequest(f"step{step}", step, f"ckpt/step{step}"))
    loaded = list(llm.llm_engine.list_loras())
    if len(loaded) > 0:
        request = LoRARequest(f"{loaded[0]}", loaded[0], "/stub-path")
        llm.generate(["q"], lora_request=request)
