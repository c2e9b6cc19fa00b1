# expect: Safe-distinct-id line=12 reason~="every lora_int_id maps to one adapter"
"""vLLM's engine made a Ray actor by calling `ray.remote(LLM)`, each checkpoint under its own
id: the actor's one engine never sees an id come back with other weights."""
import sys

import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

engine = ray.remote(LLM).remote(model="base", enable_lora=True, max_loras=4)
for index, path in enumerate(sys.argv[1:]):
    request = LoRARequest(f"ckpt{index}", index + 1, path)
    ray.get(engine.generate.remote(["q"], SamplingParams(), lora_request=request))
