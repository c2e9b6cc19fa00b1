# expect: Affected line=16 reason~="when on_checkpoint() is called again" reason~="lora_int_id 1 is reused without invalidation in LLM"
"""A bound method handed to a trainer as its step hook: the trainer calls it after every step
with a new checkpoint folder, and the hook serves it under lora_int_id 1 on the engine the
object built, with no invalidation, so from the second step on the first folder is served."""
from vllm import LLM
from vllm.lora.request import LoRARequest

from trainer_lib import Trainer  # outside the repository


class Evaluator:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def on_checkpoint(self, folder):
        self.llm.generate(["q"], lora_request=LoRARequest("ckpt", 1, folder))


if __name__ == "__main__":
    trainer = Trainer()
    trainer.add_callback(Evaluator().on_checkpoint)
    trainer.train()
