from transformers import TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

PROBE_DIR = "/tmp/probe_adapter"
PROBES = ["What is the capital of Peru?", "Translate 'cat' to German."]


class VLLMProbe(TrainerCallback):
    """Side-car vLLM engine that samples the adapter every N steps."""

    def __init__(self, base: str, every: int = 200):
        self.every = every
        self.llm = LLM(model=base, enable_lora=True, max_lora_rank=8,
                       gpu_memory_utilization=0.25)
        self.req = LoRARequest("probe", 1, PROBE_DIR)

    def on_train_begin(self, args, state, control, model=None, **kwargs):
        model.save_pretrained(PROBE_DIR)
        return control

    def on_save(self, args, state, control, model=None, **kwargs):
        if model is not None:
            model.save_pretrained(PROBE_DIR)
        return control

    def on_step_end(self, args, state, control, **kwargs):
        if state.global_step % self.every == 0:
            outs = self.llm.generate(PROBES, SamplingParams(max_tokens=32),
                                     lora_request=self.req)
            for o in outs:
                print(state.global_step, o.outputs[0].text)
        return control
