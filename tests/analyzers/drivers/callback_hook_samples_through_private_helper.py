# expect: Affected line=17 reason~="VLLMSampleCallback.on_step_end()" reason~="'/tmp/live_adapter' is rewritten"
"""A trainer callback's public hook names no request site itself: it calls a private helper that
saves the adapter into one folder and serves it under id 1. The hook is still what the trainer
calls, again and again, so every sample after the first is served the first weights."""
from transformers import Trainer, TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class VLLMSampleCallback(TrainerCallback):
    def __init__(self, llm, tmp_dir):
        self.llm = llm
        self.tmp_dir = tmp_dir

    def _sample(self, model):
        model.save_pretrained(self.tmp_dir)
        request = LoRARequest("live", 1, self.tmp_dir)
        return self.llm.generate(["Tell me a joke."], SamplingParams(), lora_request=request)

    def on_step_end(self, args, state, control, model=None, **kwargs):
        if model is not None:
            self._sample(model)
        return control


def main(model, dataset):
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
    trainer = Trainer(model=model, train_dataset=dataset)
    trainer.add_callback(VLLMSampleCallback(llm, "/tmp/live_adapter"))
    trainer.train()


if __name__ == "__main__":
    main(None, None)
