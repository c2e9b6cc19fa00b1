# expect: Safe-distinct-id line=22 reason~="3 distinct ids"
"""A generator saves each round into its own folder and yields it with a fresh id: the writes
between items go into folders no earlier request named, so nothing served is stale."""
import sys

from trainer import policy
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)


def rounds():
    for step, batch in enumerate(sys.argv[1:]):
        policy.fit(batch)
        folder = f"/tmp/round-{step}"
        policy.save_pretrained(folder)
        yield step + 1, folder


for lora_id, folder in rounds():
    llm.generate(["hi"], lora_request=LoRARequest(folder, lora_id, folder))
