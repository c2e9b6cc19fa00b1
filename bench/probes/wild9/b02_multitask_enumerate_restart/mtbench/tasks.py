import json

from vllm import SamplingParams
from vllm.lora.request import LoRARequest

from mtbench.engine import get_llm


def _prompts(path: str) -> list[str]:
    with open(path) as fh:
        return [json.loads(line)["prompt"] for line in fh]


def run_task(cfg, task_name: str) -> dict[str, list[str]]:
    """Evaluate every adapter trained for `task_name`; returns adapter -> generations."""
    task = cfg.tasks[task_name]
    llm = get_llm(cfg.base_model, cfg.engine.max_loras, cfg.engine.max_lora_rank,
                  cfg.engine.gpu_memory_utilization)
    sp = SamplingParams(temperature=cfg.sampling.temperature, max_tokens=cfg.sampling.max_tokens)
    prompts = _prompts(task.prompt_file)
    results = {}
    for idx, adapter_path in enumerate(task.adapters, start=1):
        lora = LoRARequest(lora_name=f"{task_name}-{idx}", lora_int_id=idx,
                           lora_path=adapter_path)
        outs = llm.generate(prompts, sp, lora_request=lora)
        results[adapter_path] = [o.outputs[0].text for o in outs]
    return results
