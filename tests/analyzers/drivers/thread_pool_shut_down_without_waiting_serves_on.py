# expect: Affected line=16 reason~="while a thread the run started serves it"
"""`pool.shutdown(wait=False)` lets the rollout task run on: its later requests under the
round's id are served the weights cached before the next save rewrote the live folder."""

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
    pool = ThreadPoolExecutor(max_workers=2)
    pool.submit(rollouts, round_id)
    pool.shutdown(wait=False)
    policy.train()
