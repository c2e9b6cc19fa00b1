# expect: Indeterminate
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

with open(sys.argv[1]) as fh:
    entries = json.load(fh)
llm = LLM(model="base", enable_lora=True)
for entry in entries:
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(entry["name"], entry["id"], entry["path"]))
