# expect: Affected
"""Promote each new checkpoint into one serving folder, then re-query under the same id."""
import shutil

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SERVING = "serving/current"

llm = LLM(model="base", enable_lora=True, max_loras=1)
request = LoRARequest("current", 1, SERVING)
for step in (1000, 2000, 3000):
    shutil.copytree(f"checkpoints/step-{step}", SERVING, dirs_exist_ok=True)
    llm.generate(["q"], SamplingParams(), lora_request=request)
