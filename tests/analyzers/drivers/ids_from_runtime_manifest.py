# expect: Indeterminate line=15 reason~="lora_int_id manifest[0]['id']" reason~="are only known at run time"
"""Serve every adapter listed in a manifest produced elsewhere: the ids are only known at run time,
and two of them may be equal for different paths."""
import json
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

with open(sys.argv[1]) as handle:
    manifest = json.load(handle)

llm = LLM(model="base", enable_lora=True, max_loras=2)
for entry in manifest:
    request = LoRARequest(entry["name"], entry["id"], entry["path"])
    llm.generate(["q"], SamplingParams(), lora_request=request)
