# expect: Affected line=13 reason~="may be rewritten at thread_pool_task_serves_until_its_result.py:22 while a thread the run started serves it"
"""Rollouts submitted to a thread pool run while the trainer keeps saving into the served
folder; their result is taken only after the saves, so their later requests may be served the
weights cached before them."""

from concurrent.futures import ThreadPoolExecutor

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
request = LoRARequest("live", 1, "/tmp/live")


def rollouts(n):
    return [llm.generate(["hi"], lora_request=request) for _ in range(n)]


pending = ThreadPoolExecutor(1).submit(rollouts, 8)
for step in range(3):
    policy.save_pretrained("/tmp/live")
print(pending.result())
