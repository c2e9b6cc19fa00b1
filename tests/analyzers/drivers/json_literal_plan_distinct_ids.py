# expect: Safe-distinct-id line=9 reason~="2 distinct ids"
"""The plan is JSON written in the source, with one id per run."""
import json
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
PLAN = json.loads('[{"name": "sft", "id": 1, "path": "/ck/sft"}, {"name": "dpo", "id": 2, "path": "/ck/dpo"}]')
llm = LLM(model="base", enable_lora=True)
for run in PLAN:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(run["name"], run["id"], run["path"]))
