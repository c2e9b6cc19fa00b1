# expect: Safe-probabilistic line=12 reason~="lora_int_id comes from time.time_ns() % 4611686018427387904 + 1" reason~="probability at most 4.34e-19"
"""Ids from `time.time_ns() % 2**62 + 1`: two adapters share an id only if their clock readings
collide modulo 2**62, a bound far below 1%."""
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for checkpoint in ["ckpt/1", "ckpt/2", "ckpt/3"]:
    request_id = time.time_ns() % (2**62) + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(checkpoint, request_id, checkpoint))
