import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .ids import stable_lora_id


class PairGenerator:
    def __init__(self, model: str, lora_rank: int):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=lora_rank, max_loras=1,
                       gpu_memory_utilization=0.3)
        self.params = SamplingParams(n=2, temperature=0.9, max_tokens=300)

    def request_for(self, adapter_dir: str) -> LoRARequest:
        return LoRARequest(
            lora_name=os.path.basename(adapter_dir.rstrip("/")),
            lora_int_id=stable_lora_id(adapter_dir),
            lora_path=adapter_dir,
        )

    def pairs(self, prompts, adapter_dir: str):
        outs = self.llm.generate(prompts, self.params, lora_request=self.request_for(adapter_dir), use_tqdm=False)
        return [(o.outputs[0].text, o.outputs[1].text) for o in outs]
