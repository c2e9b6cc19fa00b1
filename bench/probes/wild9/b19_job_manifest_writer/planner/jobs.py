"""Build one batch-inference job spec per checkpoint for the cluster's job queue.

The queue worker (a separate service, not in this repo) reads jobs/*.json,
starts a container per job and feeds the spec to its own vLLM entrypoint.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

import msgspec
from vllm.lora.request import LoRARequest


@dataclass
class JobSpec:
    job_id: str
    base_model: str
    dataset: str
    gpu_type: str = "a100-80g"
    max_tokens: int = 512


def make_job(base_model: str, ckpt: Path, dataset: str) -> dict:
    # Constructing the LoRARequest validates id/path early (vLLM raises on id < 1
    # and asserts a non-empty path) so bad specs never reach the queue.
    lora = LoRARequest(lora_name=ckpt.name, lora_int_id=1, lora_path=str(ckpt))
    spec = JobSpec(job_id=f"{ckpt.parent.name}-{ckpt.name}", base_model=base_model,
                   dataset=dataset)
    return {"spec": asdict(spec), "lora_request": json.loads(msgspec.json.encode(lora))}


def write_jobs(jobs: list[dict], out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for job in jobs:
        p = out_dir / f"{job['spec']['job_id']}.json"
        p.write_text(json.dumps(job, indent=1))
        written.append(p)
    return written
