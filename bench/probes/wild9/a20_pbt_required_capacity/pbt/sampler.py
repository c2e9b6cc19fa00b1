from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .population import Member


class PopulationSampler:
    def __init__(self, base_model: str, max_cpu_loras: int):
        self.llm = LLM(model=base_model, enable_lora=True, max_loras=1, max_cpu_loras=max_cpu_loras,
                       max_lora_rank=16, gpu_memory_utilization=0.3)
        self.params = SamplingParams(temperature=0.7, max_tokens=128)

    def evaluate(self, member: Member, prompts, score_fn) -> float:
        req = LoRARequest(f"member_{member.index}", member.lora_id, member.adapter_dir)
        outs = self.llm.generate(prompts, self.params, lora_request=req, use_tqdm=False)
        return sum(score_fn(o.outputs[0].text) for o in outs) / len(outs)
