# expect: Safe-single-adapter line=17 reason~="a repeat can only be a benign cache hit"
"""The sampler actor's batch is taken with `ray.get` before the trainer saves into the served
folder, and the run ends there: no request comes after the save."""

import ray
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


@ray.remote
class Sampler:
    def __init__(self):
        self.llm = LLM(model="m", enable_lora=True)

    def sample(self, n):
        request = LoRARequest("live", 1, "/tmp/live")
        return [self.llm.generate(["hi"], lora_request=request) for _ in range(n)]


sampler = Sampler.remote()
outputs = ray.get(sampler.sample.remote(4))
policy.fit(outputs)
policy.save_pretrained("/tmp/live")
