# expect: Safe-by-eviction line=22 reason~="remove_lora at worker_extension_removes_first.py:14"
"""The same loop with the worker extension dropping the id before it adds the new tensors: each
step's `collective_rpc("load_policy")` evicts the last policy, so the rollout that follows is
served the new one."""
from vllm import LLM
from vllm.lora.request import LoRARequest

EXTENSION = "worker_extension_removes_first.PolicySync"


class PolicySync:
    def load_policy(self, tensors, config):
        request = LoRARequest("policy", 1, "in_memory", lora_tensors=tensors, peft_config=config)
        self.model_runner.remove_lora(1)
        self.model_runner.add_lora(request)


def train(steps):
    llm = LLM("base-model", enable_lora=True, worker_extension_cls=EXTENSION)
    for step in range(steps):
        llm.collective_rpc("load_policy", args=({"lora_B": step}, {"r": 8}))
        llm.generate(["q"], lora_request=LoRARequest("policy", 1, "in_memory"))


if __name__ == "__main__":
    train(3)
