# expect: Affected line=12 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served glob.glob('runs/*/final')[0]" reason~="6 of 9 requests are stale"
"""One request per prompt (`[request] * len(prompts)`), one engine, id 1 for every checkpoint: all
prompts after the first checkpoint get its weights."""
import glob

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

prompts = [line.strip() for line in open("prompts.txt")]
llm = LLM(model="base", enable_lora=True)
for checkpoint in sorted(glob.glob("runs/*/final")):
    request = LoRARequest("final", 1, checkpoint)
    llm.generate(prompts, SamplingParams(), lora_request=[request] * len(prompts))
