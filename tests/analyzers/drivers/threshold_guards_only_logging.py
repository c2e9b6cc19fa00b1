# expect: Safe-distinct-id line=15 reason~="distinct ids"
"""A count compared with a threshold only to print a warning: the test guards no save, request
or serve, so the loop is not followed further for it; each folder keeps its own id."""
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="Qwen/Qwen2.5-0.5B", enable_lora=True)
served = 0
for folder in sys.argv[1:]:
    served += 1
    if served > 1000:
        print("many adapters", served)
    request = LoRARequest(folder, served, folder)
    llm.generate(["hi"], lora_request=request)
