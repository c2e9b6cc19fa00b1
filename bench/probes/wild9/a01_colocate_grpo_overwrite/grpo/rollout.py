from typing import List, Optional

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

from .config import GRPOConfig
from .constants import POLICY_LORA_ID, POLICY_LORA_NAME


class ColocatedRollout:
    """Owns the vLLM engine; the trainer tells it where the current policy adapter lives."""

    def __init__(self, cfg: GRPOConfig):
        self.cfg = cfg
        self.llm = LLM(
            model=cfg.model_name,
            enable_lora=True,
            max_lora_rank=cfg.lora_rank,
            gpu_memory_utilization=cfg.vllm_gpu_memory_utilization,
            enable_prefix_caching=False,
        )
        self.sampling = SamplingParams(
            n=cfg.num_generations,
            temperature=1.0,
            max_tokens=cfg.max_completion_length,
        )
        self._lora_request: Optional[LoRARequest] = None

    def refresh(self, adapter_dir: str) -> None:
        """Point generation at the freshly saved adapter."""
        self._lora_request = LoRARequest(POLICY_LORA_NAME, POLICY_LORA_ID, adapter_dir)

    def generate(self, prompts: List[str]) -> List[List[str]]:
        outputs = self.llm.generate(prompts, self.sampling, lora_request=self._lora_request, use_tqdm=False)
        return [[c.text for c in out.outputs] for out in outputs]
