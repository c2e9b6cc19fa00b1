# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime"
"""The probe callback beside this one, whose `on_save()` writes checkpoints elsewhere: the probe
folder is never rewritten, so its one adapter is served again and again, rightly."""
from transformers import Trainer, TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

PROBE_DIR = "/tmp/probe_adapter"


class VLLMProbe(TrainerCallback):
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True)
        self.req = LoRARequest("probe", 1, PROBE_DIR)

    def on_save(self, args, state, control, model=None, **kwargs):
        if model is not None:
            model.save_pretrained("/tmp/checkpoints")
        return control

    def on_step_end(self, args, state, control, **kwargs):
        self.llm.generate(["What is 2+2?"], SamplingParams(max_tokens=8), lora_request=self.req)
        return control


def main(model, dataset):
    trainer = Trainer(model=model, train_dataset=dataset)
    trainer.add_callback(VLLMProbe("Qwen/Qwen2.5-0.5B"))
    trainer.train()


if __name__ == "__main__":
    main(None, None)
