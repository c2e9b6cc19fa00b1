# expect: Safe-single-adapter line=12 reason~="a repeat can only be a benign cache hit"
"""Each round's rollouts are submitted to a thread pool and their result taken before the
trainer saves into the served folder; then the run ends. No request comes after the save."""

from concurrent.futures import ThreadPoolExecutor

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="m", enable_lora=True)
request = LoRARequest("live", 1, "/tmp/live")


def rollouts(n):
    return [llm.generate(["hi"], lora_request=request) for _ in range(n)]


with ThreadPoolExecutor(2) as pool:
    futures = [pool.submit(rollouts, 4) for _ in range(2)]
    outputs = [future.result() for future in futures]
policy.fit(outputs)
policy.save_pretrained("/tmp/live")
