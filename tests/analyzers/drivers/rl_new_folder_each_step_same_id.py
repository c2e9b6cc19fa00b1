# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'runs/grpo/step_0'" reason~="4 of 5 requests are stale"
"""GRPO-style loop: the policy is saved to a new folder each step and re-added under id 1, which is
still cached, so every rollout after the first uses step 0's weights."""
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
