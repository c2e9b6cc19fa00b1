# expect: Affected
"""GRPO-style loop: save the policy to a new folder each step, re-add it under the same id."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

OUTPUT_DIR = os.environ.get("OUTPUT_DIR", "runs/grpo")


def rollouts(llm: LLM, step: int, adapter_dir: str) -> list:
    request = LoRARequest("policy", 1, adapter_dir)
    return llm.generate(["solve: 3x + 1 = 10"] * 8, SamplingParams(n=4), lora_request=request)


def train(policy, total_steps: int = 5) -> None:
    llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True, max_lora_rank=32)
    for step in range(total_steps):
        adapter_dir = os.path.join(OUTPUT_DIR, f"step_{step}")
        policy.save_pretrained(adapter_dir)
        samples = rollouts(llm, step, adapter_dir)
        policy.update(samples)


if __name__ == "__main__":
    from peft import get_peft_model

    train(get_peft_model(None, None))
