# expect: Safe-single-adapter line=16 reason~="a repeat can only be a benign cache hit"
"""The rollout threads are joined before the trainer saves into the served folder: none of
their requests comes after the save."""

import threading

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollout(outputs):
    outputs.append(
        llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
    )


outputs = []
workers = [threading.Thread(target=rollout, args=(outputs,)) for _ in range(2)]
for worker in workers:
    worker.start()
for worker in workers:
    worker.join()
policy.fit(outputs)
policy.save_pretrained("/tmp/live")
