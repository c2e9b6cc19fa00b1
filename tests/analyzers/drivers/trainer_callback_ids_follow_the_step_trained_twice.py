# expect: Affected line=18 reason~="state.global_step"
"""The callback of `trainer_callback_ids_follow_the_step.py`, with one folder for every sample,
on a trainer that trains twice (a second stage on other data). Each `train()` starts its state
from step 0 again, so the second stage's samples reuse the first stage's ids for weights saved
anew into the same folder: they are served the first stage's adapters."""
from transformers import Trainer, TrainerCallback
from vllm import LLM
from vllm.lora.request import LoRARequest


class StepSampler(TrainerCallback):
    def __init__(self, llm, folder):
        self.llm = llm
        self.folder = folder

    def on_step_end(self, args, state, control, model=None, **kwargs):
        model.save_pretrained(self.folder)
        request = LoRARequest(f"step-{state.global_step}", state.global_step, self.folder)
        self.llm.generate(["hi"], lora_request=request)
        return control


def main(model, first, second):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=8)
    trainer = Trainer(model=model, train_dataset=first)
    trainer.add_callback(StepSampler(llm, "/tmp/live"))
    trainer.train()
    trainer.train_dataset = second
    trainer.train()


if __name__ == "__main__":
    main(None, None, None)
