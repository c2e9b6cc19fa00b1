# expect: Safe-distinct-id line=21 reason~="3 distinct ids"
"""A rollout worker, a `threading.Thread` subclass, serves the round's adapter in a loop; the
trainer joins it before it saves the next round into the live folder, which gets a new id."""

import threading

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


class RolloutWorker(threading.Thread):
    def __init__(self, round_id):
        super().__init__()
        self.round_id = round_id

    def run(self):
        for shard in range(4):
            request = LoRARequest(f"round-{self.round_id}", self.round_id + 1, "/tmp/live")
            llm.generate([f"shard {shard}"], lora_request=request)


for round_id in range(3):
    policy.save_pretrained("/tmp/live")
    worker = RolloutWorker(round_id)
    worker.start()
    worker.join()
    policy.fit()
