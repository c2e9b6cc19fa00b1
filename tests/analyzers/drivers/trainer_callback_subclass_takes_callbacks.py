# expect: Safe-distinct-id line=18 reason~="state.global_step"
"""A repository subclass of the library's trainer, which keeps the library's `__init__`, is given
the step-numbered callback of `trainer_callback_ids_follow_the_step.py` as `callbacks=[...]` and
trains once: the callback runs when that instance trains, with one id per step."""
from transformers import Trainer, TrainerCallback
from vllm import LLM
from vllm.lora.request import LoRARequest


class StepSampler(TrainerCallback):
    def __init__(self, llm, root):
        self.llm = llm
        self.root = root

    def on_step_end(self, args, state, control, model=None, **kwargs):
        folder = f"{self.root}/step-{state.global_step}"
        model.save_pretrained(folder)
        request = LoRARequest(f"step-{state.global_step}", state.global_step, folder)
        self.llm.generate(["hi"], lora_request=request)
        return control


class LoggingTrainer(Trainer):
    def log(self, logs, start_time=None):
        print(logs)
        super().log(logs, start_time)


def main(model, dataset):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_loras=8)
    sampler = StepSampler(llm, "/tmp/samples")
    trainer = LoggingTrainer(model=model, train_dataset=dataset, callbacks=[sampler])
    trainer.train()


if __name__ == "__main__":
    main(None, None)
