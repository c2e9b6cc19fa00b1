# expect: Safe-by-eviction line=18 reason~="evicted before every repeat"
"""The sampling callback beside this one, whose private helper removes id 1 before it serves the
folder it has just rewritten: each sample reloads the new weights."""
from transformers import Trainer, TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class VLLMSampleCallback(TrainerCallback):
    def __init__(self, llm, tmp_dir):
        self.llm = llm
        self.tmp_dir = tmp_dir

    def _sample(self, model):
        model.save_pretrained(self.tmp_dir)
        self.llm.llm_engine.remove_lora(1)
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
