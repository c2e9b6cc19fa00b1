# expect: Affected line=21 reason~="while a thread the run started serves it"
"""The same rollout worker is never joined: it goes on serving the round's id from the live
folder while the trainer saves the next round into it."""

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
    policy.step()
    policy.fit()
