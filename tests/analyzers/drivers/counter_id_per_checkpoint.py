# expect: Safe-distinct-id
from pathlib import Path

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

RUN_DIR = Path("outputs/run-7")

llm = LLM(model="base", enable_lora=True)
next_id = 0
for checkpoint in sorted(RUN_DIR.glob("checkpoint-*")):
    next_id += 1
    llm.generate(["prompt"], SamplingParams(), lora_request=LoRARequest(checkpoint.name, next_id, str(checkpoint)))
