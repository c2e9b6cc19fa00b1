# expect: Safe-distinct-id line=10 reason~="every lora_int_id maps to one adapter within each engine lifetime"
"""A table keyed by (name, step) tuples, looked up with a tuple built again: the key is the same
value, so each step's own request (and its own id) is served."""
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True, max_loras=1)
table = {}
for step in range(3):
    table[("policy", step)] = LoRARequest(f"policy-{step}", step + 1, f"ckpt/{step}")
for step in range(3):
    key = ("policy", step)
    llm.generate(["q"], lora_request=table[key])
