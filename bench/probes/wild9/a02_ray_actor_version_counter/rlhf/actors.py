from typing import List, Optional

import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


@ray.remote(num_gpus=1)
class RolloutActor:
    """One vLLM engine per actor; the learner pushes a new adapter directory every step."""

    def __init__(self, model: str, max_lora_rank: int = 32, seed: int = 0):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=max_lora_rank, max_loras=2, seed=seed)
        self._version = 0
        self._current: Optional[LoRARequest] = None

    def load_policy(self, adapter_path: str) -> int:
        self._version += 1
        self._current = LoRARequest(f"policy-v{self._version}", self._version, adapter_path)
        return self._version

    def rollout(self, prompts: List[str], max_tokens: int = 512, temperature: float = 0.9) -> List[str]:
        params = SamplingParams(max_tokens=max_tokens, temperature=temperature)
        outs = self.llm.generate(prompts, params, lora_request=self._current, use_tqdm=False)
        return [o.outputs[0].text for o in outs]
