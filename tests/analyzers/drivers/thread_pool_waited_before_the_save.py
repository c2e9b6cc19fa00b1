# expect: Safe-distinct-id line=17 reason~="3 distinct ids"
"""`concurrent.futures.wait(futures)` returns once every rollout task is done: the next
save into the live folder comes after all of this round's requests, served under its own id."""

from concurrent.futures import ThreadPoolExecutor, wait

from trainer import policy
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
pool = ThreadPoolExecutor(max_workers=2)


def rollouts(round_id):
    for shard in range(4):
        request = LoRARequest(f"round-{round_id}", round_id + 1, "/tmp/live")
        llm.generate([f"shard {shard}"], SamplingParams(), lora_request=request)


for round_id in range(3):
    policy.save_pretrained("/tmp/live")
    futures = [pool.submit(rollouts, round_id)]
    wait(futures)
    policy.train()
