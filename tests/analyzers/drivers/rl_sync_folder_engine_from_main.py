# expect: Affected
"""GRPO-style loop: train a step, save the policy to one sync folder, sample with vLLM."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SYNC_DIR = "/tmp/policy_sync"


def train(policy, llm, steps):
    for step in range(steps):
        policy.train_step()
        policy.save_pretrained(SYNC_DIR)
        samples = llm.generate(["prompt"], SamplingParams(n=4), lora_request=LoRARequest("policy", 1, SYNC_DIR))
        policy.update(samples)


if __name__ == "__main__":
    from my_trainer import make_policy

    llm = LLM(model="base", enable_lora=True)
    train(make_policy(), llm, steps=100)
