# expect: Safe-probabilistic
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for checkpoint in ["ckpt/1", "ckpt/2", "ckpt/3"]:
    request_id = time.time_ns() % (2**62) + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(checkpoint, request_id, checkpoint))
