# expect: Safe-distinct-id line=10 reason~="3 distinct ids"
"""Three steps, three slots: the cycle never comes back to a slot."""
import itertools, sys
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="base", enable_lora=True, max_loras=4)
slots = itertools.cycle([1, 2, 3])
for step in range(3):
    path = f"/ck/step-{step}"
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, next(slots), path))
