from vllm import LLM, SamplingParams

from .requests import PolicyLoRARequest


class RolloutEngine:
    def __init__(self, model: str, max_lora_rank: int = 64):
        self.llm = LLM(model=model, enable_lora=True, max_lora_rank=max_lora_rank, max_loras=1, max_cpu_loras=1)
        self.params = SamplingParams(temperature=1.0, max_tokens=400, logprobs=1)

    def rollout(self, prompts, adapter: PolicyLoRARequest):
        outs = self.llm.generate(prompts, self.params, lora_request=adapter, use_tqdm=False)
        return [
            {"prompt": o.prompt, "text": o.outputs[0].text, "version": adapter.policy_version,
             "logprobs": o.outputs[0].cumulative_logprob}
            for o in outs
        ]
