from __future__ import annotations

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from domain_eval.specs import EvalManifest


class DomainRunner:
    def __init__(self, manifest: EvalManifest):
        self.manifest = manifest
        self.llm = LLM(model=manifest.base_model, enable_lora=True,
                       max_loras=manifest.max_loras, max_lora_rank=64,
                       trust_remote_code=True)

    def run(self, prompts_by_domain: dict[str, list[str]]) -> dict[str, list[str]]:
        out = {}
        for spec in self.manifest.adapters:
            req = LoRARequest(spec.name, spec.lora_id, spec.path)
            sp = SamplingParams(temperature=spec.temperature, max_tokens=spec.max_tokens)
            gens = self.llm.generate(prompts_by_domain[spec.name], sp, lora_request=req)
            out[spec.name] = [g.outputs[0].text for g in gens]
        return out
