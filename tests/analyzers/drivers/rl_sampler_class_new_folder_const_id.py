# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'checkpoints/step_0'" reason~="9 of 10 requests are stale"
"""A sampler class serves a new folder each step under the constant id 1: the first step's weights
are served for all ten."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Sampler:
    def __init__(self) -> None:
        self.llm = LLM(model="base", enable_lora=True)

    def sample(self, adapter_dir: str):
        return self.llm.generate(["p"], SamplingParams(), lora_request=LoRARequest("policy", 1, adapter_dir))


def run(policy, total_steps: int = 10) -> None:
    sampler = Sampler()
    for step in range(total_steps):
        out_dir = f"checkpoints/step_{step}"
        policy.save_pretrained(out_dir)
        sampler.sample(out_dir)


if __name__ == "__main__":
    run(policy=None)
