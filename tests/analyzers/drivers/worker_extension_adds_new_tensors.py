# expect: Affected line=13 reason~="reused with new content without invalidation"
"""An RL loop syncs each step's tensors through a worker extension: vLLM mixes `PolicySync` into
its workers and `collective_rpc("load_policy")` runs it there, where `self.model_runner` is the
engine's cache. New tensors under a resident id with no removal: the first step's policy stays."""
from vllm import LLM
from vllm.lora.request import LoRARequest

EXTENSION = "worker_extension_adds_new_tensors.PolicySync"


class PolicySync:
    def load_policy(self, tensors, config):
        request = LoRARequest("policy", 1, "in_memory", lora_tensors=tensors, peft_config=config)
        self.model_runner.add_lora(request)


def train(steps):
    llm = LLM("base-model", enable_lora=True, worker_extension_cls=EXTENSION)
    for step in range(steps):
        llm.collective_rpc("load_policy", args=({"lora_B": step}, {"r": 8}))
        llm.generate(["q"], lora_request=LoRARequest("policy", 1, "in_memory"))


if __name__ == "__main__":
    train(3)
