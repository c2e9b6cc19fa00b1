# expect: Safe-fresh-process line=15 reason~="only in separate processes"
"""A new Ray actor (a process with its own engine) per checkpoint: each engine serves one
adapter, so id 1 never meets a second folder in one cache."""
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
    for folder in ["ckpt/a", "ckpt/b"]:
        actor = Generator.remote()
        ray.get(actor.run.remote(folder))
