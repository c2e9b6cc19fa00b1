# expect: Safe-distinct-id line=17 reason~="3 distinct ids"
"""Each round's rollout task runs in a thread pool whose `with` block the trainer leaves
before it trains and saves again: leaving it waits for the task, so no request is served
while the live folder is rewritten, and each round's id is new."""

from concurrent.futures import ThreadPoolExecutor

from trainer import policy
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)


def rollouts(round_id):
    for shard in range(4):
        request = LoRARequest(f"round-{round_id}", round_id + 1, "/tmp/live")
        llm.generate([f"shard {shard}"], SamplingParams(), lora_request=request)


for round_id in range(3):
    policy.save_pretrained("/tmp/live")
    with ThreadPoolExecutor(max_workers=2) as pool:
        pool.submit(rollouts, round_id)
    policy.train()
