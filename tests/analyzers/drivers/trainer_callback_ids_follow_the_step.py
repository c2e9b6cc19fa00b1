# expect: Safe-distinct-id line=22 reason~="state.global_step"
"""A Hugging Face trainer callback samples every fifty steps from the adapter it saves into a
folder of that step, under the step as lora_int_id. The trainer calls `on_step_end()` once per
optimizer step, `state.global_step` one higher each time, so within one `train()` no id comes
back: every id is one adapter."""
import os

from transformers import Trainer, TrainerCallback
from vllm import LLM
from vllm.lora.request import LoRARequest


class StepSampler(TrainerCallback):
    def __init__(self, llm, root):
        self.llm = llm
        self.root = root

    def on_step_end(self, args, state, control, model=None, **kwargs):
        if state.global_step % 50 == 0:
            folder = os.path.join(self.root, f"step-{state.global_step}")
            model.save_pretrained(folder)
            request = LoRARequest(f"step-{state.global_step}", state.global_step, folder)
            self.llm.generate(["hi"], lora_request=request)
        return control


def main(model, dataset):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    trainer = Trainer(model=model, train_dataset=dataset, callbacks=[StepSampler(llm, "/tmp/s")])
    trainer.train()


if __name__ == "__main__":
    main(None, None)
