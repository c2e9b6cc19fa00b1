# expect: Affected line=14 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="63 of 64 requests are stale"
"""GRPO-style loop: train, save to one sync folder, sample under id 1 with the engine main() built;
the first save's cached copy is served for every step."""
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
