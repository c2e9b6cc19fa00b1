# expect: Safe-distinct-id line=23 reason~="update_lora_path(), generate() also in turn on one instance"
"""The twin of `setter_points_the_actor_at_another_folder.py` with the fix: the setter that
points the actor at a new folder also takes the next lora_int_id, so every folder a caller
passes gets its own id however often it calls. Run in turn on one instance, each `generate()`
after an update asks for a new id."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Actor:
    def __init__(self, model: str):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=16)
        self.lora_path = None
        self.lora_id = 0

    def update_lora_path(self, lora_path: str):
        self.lora_path = lora_path
        self.lora_id += 1

    def generate(self, prompts):
        if not self.lora_path:
            return self.llm.generate(prompts, SamplingParams(max_tokens=8))
        request = LoRARequest("policy", self.lora_id, self.lora_path)
        return self.llm.generate(prompts, SamplingParams(max_tokens=8), lora_request=request)
