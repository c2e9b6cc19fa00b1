# expect: Affected line=9 reason~="the request for '/ck/dpo'" reason~="is served '/ck/sft'"
"""The plan is JSON written in the source: both runs use id 1, and the second is served the first."""
import json
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
PLAN = json.loads('[{"name": "sft", "id": 1, "path": "/ck/sft"}, {"name": "dpo", "id": 1, "path": "/ck/dpo"}]')
llm = LLM(model="base", enable_lora=True)
for run in PLAN:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(run["name"], run["id"], run["path"]))
