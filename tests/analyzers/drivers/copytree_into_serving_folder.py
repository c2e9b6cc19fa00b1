# expect: Affected line=12 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="2 of 3 requests are stale"
"""Each new checkpoint is copied into one serving folder that is re-queried under id 1: the cached
copy of the first step keeps being served."""
import shutil

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SERVING = "serving/current"

llm = LLM(model="base", enable_lora=True, max_loras=1)
request = LoRARequest("current", 1, SERVING)
for step in (1000, 2000, 3000):
    shutil.copytree(f"checkpoints/step-{step}", SERVING, dirs_exist_ok=True)
    llm.generate(["q"], SamplingParams(), lora_request=request)
