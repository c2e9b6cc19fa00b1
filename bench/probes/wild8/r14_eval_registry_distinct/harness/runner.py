from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from .registry import REGISTRY, ModelSpec


def lora_for(spec: ModelSpec) -> LoRARequest:
    return LoRARequest(spec.name, spec.lora_id, spec.path)


def run_task(llm, spec: ModelSpec, prompts):
    sp = SamplingParams(temperature=0.0, max_tokens=spec.max_tokens)
    outs = llm.generate(prompts, sp, lora_request=lora_for(spec))
    return [o.outputs[0].text for o in outs]


def run_all(llm, names, prompts_by_task):
    results = {}
    for name in names:
        spec = REGISTRY[name]
        results[name] = run_task(llm, spec, prompts_by_task[spec.task])
    return results
