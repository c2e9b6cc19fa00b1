# expect: Safe-distinct-id line=16 reason~="distinct ids"
"""A count tested every hundred steps only to print progress: the test guards nothing done with
adapters, so the loop is not followed further for it (and the row is not made Indeterminate by
it); each adapter folder has its own id."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
count = 0
for folder in sys.argv[1:]:
    count += 1
    if count % 100 == 0:
        print("served", count)
    llm.generate(["hi"], lora_request=LoRARequest(folder, count, folder))
