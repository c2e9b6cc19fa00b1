from dataclasses import dataclass, field
from typing import List

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@dataclass
class EvalJob:
    adapter_dir: str
    lora_id: int = 1
    prompts: List[str] = field(default_factory=lambda: ["Q: capital of France?\nA:"])

    def to_request(self):
        return LoRARequest(lora_name=self.adapter_dir.rsplit("/", 1)[-1],
                           lora_int_id=self.lora_id,
                           lora_path=self.adapter_dir)


def run(jobs):
    llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_lora_rank=64)
    sp = SamplingParams(max_tokens=32)
    results = {}
    for job in jobs:
        outs = llm.generate(job.prompts, sp, lora_request=job.to_request())
        results[job.adapter_dir] = [o.outputs[0].text for o in outs]
    return results


if __name__ == "__main__":
    jobs = [EvalJob(f"/sweeps/lr_{lr}") for lr in ("1e-4", "3e-4", "1e-3")]
    print(run(jobs))
