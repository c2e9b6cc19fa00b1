# expect: Affected line=16 reason~="VLLMProbe.on_save() then VLLMProbe.on_step_end()" reason~="'/tmp/probe_adapter' is rewritten"
"""A trainer callback keeps its own engine and one request for a probe folder. The trainer calls
its hooks: `on_save()` writes the adapter into that folder again, and `on_step_end()` serves
the request under the same id, so every probe after the first is served the first weights.
The callback object is handed to the trainer, which calls all of its hooks in any order."""
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
            model.save_pretrained(PROBE_DIR)
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
