# expect: Affected line=13 reason~="lora_int_id 1 is reused without invalidation" reason~="sys.argv[1:][1]"
"""vLLM's engine class itself made a Ray actor, with options: `ray.remote(num_gpus=1)(LLM)`. Its
methods run in the actor's process on one engine, so id 1 for each checkpoint is stale from the
second on."""
import sys

import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

engine = ray.remote(num_gpus=1)(LLM).remote(model="base", enable_lora=True, max_loras=4)
for index, path in enumerate(sys.argv[1:]):
    request = LoRARequest(f"ckpt{index}", 1, path)
    ray.get(engine.generate.remote(["q"], SamplingParams(), lora_request=request))
