# expect: Indeterminate line=11 reason~="lora_int_id comes from time.time()" reason~="which repeats for requests made within the same clock tick"
"""Ids from `int(time.time())`: two requests within one second get the same id, so no bound can be
given."""
import time

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["a", "b"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, int(time.time()), path))
