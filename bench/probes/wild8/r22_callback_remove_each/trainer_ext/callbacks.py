from transformers import TrainerCallback
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


class VLLMSampleCallback(TrainerCallback):
    LORA_ID = 3

    def __init__(self, llm, tmp_dir, every=100, prompts=()):
        self.llm = llm
        self.tmp_dir = tmp_dir
        self.every = every
        self.prompts = list(prompts)
        self.sp = SamplingParams(temperature=0.7, max_tokens=96)

    def _refresh(self, model):
        model.save_pretrained(self.tmp_dir)
        self.llm.llm_engine.remove_lora(self.LORA_ID)
        return LoRARequest("live", self.LORA_ID, self.tmp_dir)

    def on_step_end(self, args, state, control, model=None, **kwargs):
        if state.global_step % self.every == 0 and model is not None:
            req = self._refresh(model)
            outs = self.llm.generate(self.prompts, self.sp, lora_request=req)
            print(f"[step {state.global_step}]", outs[0].outputs[0].text[:200])
        return control
