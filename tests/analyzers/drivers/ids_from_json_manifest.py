# expect: Indeterminate line=13 reason~="lora_int_id entries[0]['id']" reason~="are only known at run time"
"""Ids come from a JSON file read at run time: two entries may share an id for different paths."""
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

with open(sys.argv[1]) as fh:
    entries = json.load(fh)
llm = LLM(model="base", enable_lora=True)
for entry in entries:
    llm.generate(["x"], SamplingParams(), lora_request=LoRARequest(entry["name"], entry["id"], entry["path"]))
