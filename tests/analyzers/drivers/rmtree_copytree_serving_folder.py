# expect: Affected
import shutil
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for step in ["s1", "s2", "s3"]:
    shutil.rmtree("serve/adapter", ignore_errors=True)
    shutil.copytree(f"train/{step}", "serve/adapter")
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("served", 1, "serve/adapter"))
