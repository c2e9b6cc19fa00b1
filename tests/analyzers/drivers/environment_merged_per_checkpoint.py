# expect: Affected line=11 reason~="the request for 'ckpt/b' at environment_merged_per_checkpoint.py:12 is served 'ckpt/a'"
"""`os.environ |= {...}` sets the variable a request reads back: as `os.environ[k] = v` does."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM("base", enable_lora=True)
for ckpt in ["ckpt/a", "ckpt/b"]:
    os.environ |= {"ADAPTER": ckpt}
    request = LoRARequest("policy", 1, os.environ["ADAPTER"])
    llm.generate(["q"], SamplingParams(), lora_request=request)
