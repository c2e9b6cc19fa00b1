import os

from vllm.lora.request import LoRARequest


class SlotBuffers:
    """Double buffering: the learner writes slot (step % n) while the actor samples from it."""

    def __init__(self, root: str, num_slots: int = 2):
        self.root = root
        self.num_slots = num_slots

    def slot(self, step: int) -> int:
        return step % self.num_slots

    def path(self, step: int) -> str:
        return os.path.join(self.root, f"slot{self.slot(step)}")

    def request(self, step: int) -> LoRARequest:
        s = self.slot(step)
        return LoRARequest(lora_name=f"slot{s}", lora_int_id=s + 1, lora_path=self.path(step))
