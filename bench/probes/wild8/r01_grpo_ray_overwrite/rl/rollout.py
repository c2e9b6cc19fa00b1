import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

POLICY_DIR = "/scratch/grpo/policy_adapter"


@ray.remote(num_gpus=1)
class RolloutWorker:
    """Holds one vLLM engine for the whole run."""

    def __init__(self, base_model: str, max_lora_rank: int = 16):
        self.llm = LLM(model=base_model, enable_lora=True,
                       max_lora_rank=max_lora_rank, max_loras=1)
        self.params = SamplingParams(n=8, temperature=1.0, max_tokens=512)

    def _policy_request(self):
        # the trainer rewrites POLICY_DIR after every optimizer step
        return LoRARequest("policy", 1, POLICY_DIR)

    def rollout(self, prompts):
        outs = self.llm.generate(prompts, self.params,
                                 lora_request=self._policy_request())
        return [[c.text for c in o.outputs] for o in outs]

    def ping(self):
        return True
