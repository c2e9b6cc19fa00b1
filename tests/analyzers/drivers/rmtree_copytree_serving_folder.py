# expect: Affected line=10 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="2 of 3 requests are stale"
"""rmtree + copytree replace the serving folder each step; id 1 keeps serving the first copy."""
import shutil
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for step in ["s1", "s2", "s3"]:
    shutil.rmtree("serve/adapter", ignore_errors=True)
    shutil.copytree(f"train/{step}", "serve/adapter")
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("served", 1, "serve/adapter"))
