# expect: Affected line=19 reason~="carries new content (lora_tensors)"
"""A weight sync that changes the policy's LoRA tensors in place (`add_`) and sends the same
dict under id 1 each step: id 1 is a cache hit, so every step is served the first tensors."""
import torch
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class TensorLoRARequest(LoRARequest):
    peft_config: dict = None
    lora_tensors: dict = None


llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
PEFT = {"r": 16, "lora_alpha": 32, "target_modules": ["q_proj"]}
tensors = {"q_proj.lora_A": torch.zeros(16, 896)}
for step in range(5):
    tensors["q_proj.lora_A"].add_(torch.randn(16, 896))
    req = TensorLoRARequest(lora_name="policy", lora_int_id=1, lora_path="simulated", peft_config=PEFT, lora_tensors=tensors)
    llm.llm_engine.add_lora(req)
    llm.generate(["hi"], SamplingParams(max_tokens=8), lora_request=req)
