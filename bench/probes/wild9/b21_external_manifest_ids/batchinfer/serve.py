from __future__ import annotations

import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from batchinfer.manifest import Entry


def build_llm(engine_cfg: dict) -> LLM:
    return LLM(
        model=engine_cfg["base_model"],
        enable_lora=True,
        max_loras=engine_cfg.get("max_loras", 1),
        max_cpu_loras=engine_cfg.get("max_cpu_loras"),
        max_lora_rank=engine_cfg.get("max_lora_rank", 64),
    )


def run_entries(llm: LLM, entries: list[Entry], max_tokens: int) -> None:
    sp = SamplingParams(temperature=0.0, max_tokens=max_tokens)
    for e in entries:
        rows = [json.loads(l) for l in open(e.input_file)]
        lora = LoRARequest(lora_name=e.name, lora_int_id=e.id, lora_path=e.path)
        outs = llm.generate([r["prompt"] for r in rows], sp, lora_request=lora)
        with open(e.output_file, "w") as fh:
            for r, o in zip(rows, outs):
                fh.write(json.dumps({**r, "completion": o.outputs[0].text}) + "\n")
