"""HF Trainer callback: every `eval_steps`, save the adapter and sample with vLLM
(on a second GPU) so we can track generation quality during training."""

from __future__ import annotations

import os

from transformers import TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from online_eval.compat import lora_kwargs

EVAL_LORA_ID = 1


class VLLMEvalCallback(TrainerCallback):
    def __init__(self, base_model: str, prompts: list[str], out_root: str):
        self.prompts = prompts
        self.out_root = out_root
        self.llm = LLM(model=base_model, enable_lora=True, max_lora_rank=16,
                       gpu_memory_utilization=0.3)
        self.sp = SamplingParams(temperature=0.0, max_tokens=200)
        self.samples: dict[int, list[str]] = {}

    def on_evaluate(self, args, state, control, model=None, **kwargs):
        path = os.path.join(self.out_root, f"step-{state.global_step}")
        model.save_pretrained(path)
        req = LoRARequest("online-eval", EVAL_LORA_ID, path, **lora_kwargs())
        outs = self.llm.generate(self.prompts, self.sp, lora_request=req)
        self.samples[state.global_step] = [o.outputs[0].text for o in outs]
