# expect: Affected line=21 reason~="lora_int_id 3 is reused with new content" reason~="carries new content (lora_tensors)"
"""An RL sync pushes each step's LoRA tensors in memory under one id and one placeholder path,
with no remove_lora and no load_inplace. A request's identity is (path, content): from the
second step on, add_lora of the resident id 3 is a cache hit and rollouts keep the step-0
weights."""
from vllm import LLM
from vllm.lora.request import LoRARequest


class TensorLoRARequest(LoRARequest):
    lora_tensors: dict = None


def weights_after(step):
    return {"lora_A": [step], "lora_B": [step + 1]}


llm = LLM(model="base", enable_lora=True)
for step in range(3):
    payload = weights_after(step)
    request = TensorLoRARequest(
        lora_name="policy", lora_int_id=3, lora_path="in-memory", lora_tensors=payload
    )
    llm.llm_engine.add_lora(request)
    llm.generate(["rollout"], lora_request=request)
