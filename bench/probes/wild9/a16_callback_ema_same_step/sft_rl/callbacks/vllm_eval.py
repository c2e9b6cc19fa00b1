import json
import os

from transformers import TrainerCallback
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .ema import EMAAdapterCallback


class VLLMEvalCallback(TrainerCallback):
    """At every evaluation, sample the held-out prompts from both the live and the EMA adapter."""

    def __init__(self, base_model: str, prompts, ema: EMAAdapterCallback, scorer, lora_rank: int = 16):
        self.base_model = base_model
        self.prompts = prompts
        self.ema = ema
        self.scorer = scorer
        self.lora_rank = lora_rank
        self.llm = None
        self.params = SamplingParams(temperature=0.0, max_tokens=256)

    def _engine(self):
        if self.llm is None:
            self.llm = LLM(model=self.base_model, enable_lora=True, max_loras=2,
                           max_lora_rank=self.lora_rank, gpu_memory_utilization=0.25)
        return self.llm

    def on_evaluate(self, args, state, control, model=None, metrics=None, **kwargs):
        if not state.is_world_process_zero:
            return
        live_dir = os.path.join(args.output_dir, "eval_adapters", "live")
        ema_dir = os.path.join(args.output_dir, "eval_adapters", "ema")
        model.save_pretrained(live_dir)
        self.ema.save_ema(model, ema_dir)
        llm = self._engine()
        results = {}
        for tag, path in (("live", live_dir), ("ema", ema_dir)):
            req = LoRARequest(f"{tag}-{state.global_step}", state.global_step, path)
            outs = llm.generate(self.prompts, self.params, lora_request=req, use_tqdm=False)
            results[tag] = sum(self.scorer(o.prompt, o.outputs[0].text) for o in outs) / len(outs)
        if metrics is not None:
            metrics.update({f"eval_vllm_{k}": v for k, v in results.items()})
        with open(os.path.join(args.output_dir, "vllm_eval.jsonl"), "a") as f:
            f.write(json.dumps({"step": state.global_step, **results}) + "\n")
