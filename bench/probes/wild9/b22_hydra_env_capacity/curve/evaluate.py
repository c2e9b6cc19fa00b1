from __future__ import annotations

import json

from omegaconf import DictConfig
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def build_llm(cfg: DictConfig) -> LLM:
    return LLM(
        model=cfg.base_model,
        enable_lora=True,
        max_loras=cfg.engine.max_loras,
        max_cpu_loras=int(cfg.engine.max_cpu_loras),
        max_lora_rank=cfg.engine.max_lora_rank,
    )


def evaluate_curve(cfg: DictConfig) -> dict[int, list[str]]:
    llm = build_llm(cfg)
    prompts = [json.loads(l)["prompt"] for l in open(cfg.eval.dataset)]
    sp = SamplingParams(temperature=0.7, top_p=0.9, max_tokens=cfg.eval.max_tokens, seed=7)
    curve = {}
    for idx, step in enumerate(cfg.steps):
        lora = LoRARequest(
            lora_name=f"dpo-{step}",
            lora_int_id=idx % cfg.adapter_ids.rotate + 1,
            lora_path=f"{cfg.run_root}/checkpoint-{step}",
        )
        outs = llm.generate(prompts, sp, lora_request=lora)
        curve[step] = [o.outputs[0].text for o in outs]
    return curve
