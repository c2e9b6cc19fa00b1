import os

from transformers import TrainerCallback
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


class VLLMSampleCallback(TrainerCallback):
    def __init__(self, llm, root, every=100, prompts=()):
        self.llm = llm
        self.root = root
        self.every = every
        self.prompts = list(prompts)
        self.sp = SamplingParams(temperature=0.7, max_tokens=96)

    def _sample(self, model, step):
        folder = os.path.join(self.root, f"step-{step:06d}")
        model.save_pretrained(folder)
        req = LoRARequest(f"live-{step}", step, folder)
        return self.llm.generate(self.prompts, self.sp, lora_request=req)

    def on_step_end(self, args, state, control, model=None, **kwargs):
        if state.global_step % self.every == 0 and model is not None:
            outs = self._sample(model, state.global_step)
            print(f"[step {state.global_step}]", outs[0].outputs[0].text[:200])
        return control
