from __future__ import annotations

import json

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from trajectory.config import TrajectoryConfig


class TrajectoryRunner:
    def __init__(self, cfg: TrajectoryConfig):
        self.cfg = cfg
        self.llm = LLM(model=cfg.base_model, enable_lora=True, max_loras=cfg.max_loras,
                       max_cpu_loras=cfg.max_cpu_loras, max_lora_rank=64)
        self.sp = SamplingParams(temperature=0.0, max_tokens=512)
        self.data = {b: [json.loads(l)["prompt"] for l in open(f"data/{b}.jsonl")]
                     for b in cfg.benchmarks}

    def _request(self, k: int, step: int) -> LoRARequest:
        return LoRARequest(
            lora_name=f"step{step}",
            lora_int_id=k % self.cfg.num_ids + 1,
            lora_path=f"{self.cfg.run_root}/checkpoint-{step}",
        )

    def run(self) -> dict[int, dict[str, list[str]]]:
        results: dict[int, dict[str, list[str]]] = {}
        for k, step in enumerate(self.cfg.steps):
            lora = self._request(k, step)
            results[step] = {}
            for bench in self.cfg.benchmarks:
                outs = self.llm.generate(self.data[bench], self.sp, lora_request=lora)
                results[step][bench] = [o.outputs[0].text for o in outs]
        return results
