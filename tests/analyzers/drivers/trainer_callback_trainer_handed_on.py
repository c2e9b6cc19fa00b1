# expect: Indeterminate line=19 reason~="global_step"
"""The step-numbered callback of `trainer_callback_ids_follow_the_step.py`, on a trainer that
the script hands to a helper of another package to train. The analysis never sees `train()`
run, nor how often: the callback is called as any object handed to unseen code is, with its
step unknown, so whether two samples share an id is unknown."""
from my_lab.runner import run_training
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


def main(model, dataset):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=8)
    trainer = Trainer(model=model, train_dataset=dataset)
    trainer.add_callback(StepSampler(llm, "/tmp/live"))
    run_training(trainer)


if __name__ == "__main__":
    main(None, None)
