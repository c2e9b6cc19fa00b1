# expect: Affected line=15 reason~="lora_int_id 1 is reused without invalidation in LLM at ray_actor_keeps_engine.py:12"
"""A Ray actor builds one engine in its own process; each checkpoint is then served by the same
actor under lora_int_id 1, so the actor's engine serves the first checkpoint again (Affected)."""
import ray
from vllm import LLM
from vllm.lora.request import LoRARequest


@ray.remote
class Generator:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)

    def run(self, folder):
        return self.llm.generate(["q"], lora_request=LoRARequest("ckpt", 1, folder))


if __name__ == "__main__":
    actor = Generator.options(num_gpus=1).remote()
    ray.get([actor.run.remote(folder) for folder in ["ckpt/a", "ckpt/b"]])
