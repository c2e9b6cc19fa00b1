# expect: Safe-distinct-id line=16 reason~="3 distinct ids"
"""`pool.shutdown()` waits for the round's rollout task before the trainer goes on, as the
`with` block does."""

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
    pool.shutdown()
    policy.train()
