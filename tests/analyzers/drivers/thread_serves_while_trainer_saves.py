# expect: Affected line=18 reason~="may be rewritten at thread_serves_while_trainer_saves.py:27 while a thread the run started serves it"
"""An asynchronous RL loop: a rollout worker thread serves the live folder under
lora_int_id 1 again and again, while the trainer saves the policy into that folder after
each batch. The worker's requests after a save are served the weights cached at its first."""

import queue
import threading

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)


def rollout_worker(buffer):
    while True:
        out = llm.generate(["hi"], lora_request=LoRARequest("live", 1, "/tmp/live"))
        buffer.put(out)


rollouts = queue.Queue()
threading.Thread(target=rollout_worker, args=(rollouts,), daemon=True).start()
for step in range(100):
    batch = rollouts.get()
    policy.fit(batch)
    policy.save_pretrained("/tmp/live")
