# expect: Safe-distinct-id line=14 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="10 distinct ids"
"""The same sampler with a counter attribute: each step's folder gets its own id."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Sampler:
    def __init__(self) -> None:
        self.llm = LLM(model="base", enable_lora=True)
        self.next_id = 0

    def sample(self, adapter_dir: str):
        self.next_id += 1
        return self.llm.generate(["p"], SamplingParams(), lora_request=LoRARequest(f"policy-{self.next_id}", self.next_id, adapter_dir))


def run(policy, total_steps: int = 10) -> None:
    sampler = Sampler()
    for step in range(total_steps):
        out_dir = f"checkpoints/step_{step}"
        policy.save_pretrained(out_dir)
        sampler.sample(out_dir)


if __name__ == "__main__":
    run(policy=None)
