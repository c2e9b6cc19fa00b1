# expect: Safe-by-eviction line=16 reason~="evicted before every repeat" reason~="remove_lora at"
"""The same in-memory sync as tensor_payload_same_id_no_invalidation.py, but the resident id is
removed before each step's tensors are added: every add is a miss and loads the new weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class TensorLoRARequest(LoRARequest):
    lora_tensors: dict = None


llm = LLM(model="base", enable_lora=True)
for step in range(3):
    llm.llm_engine.remove_lora(3)
    request = TensorLoRARequest("policy", 3, "in-memory", lora_tensors={"lora_A": [step]})
    llm.llm_engine.add_lora(request)
    llm.generate(["rollout"], lora_request=request)
