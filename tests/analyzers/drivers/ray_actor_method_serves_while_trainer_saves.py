# expect: Affected line=20 reason~="while a process the run started serves it"
"""A Ray sampler actor runs a method that serves the live folder under lora_int_id 1 forever,
started with `.remote()` and never waited for, while the trainer saves the policy into that
folder after each batch it takes from the queue: the actor's requests after a save are served
the weights its engine cached at the first."""

import ray
from ray.util.queue import Queue
from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest


@ray.remote
class Sampler:
    def __init__(self):
        self.llm = LLM(model="m", enable_lora=True)

    def run_forever(self, queue):
        request = LoRARequest("live", 1, "/tmp/live")
        while True:
            queue.put(self.llm.generate(["hi"], lora_request=request))


queue = Queue()
sampler = Sampler.remote()
sampler.run_forever.remote(queue)
for step in range(100):
    batch = queue.get()
    policy.fit(batch)
    policy.save_pretrained("/tmp/live")
