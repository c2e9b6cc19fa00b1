# expect: Safe-single-adapter line=13 reason~="lora_int_id 1 is reused for different adapters, but each one gets a new engine"
"""A new engine per checkpoint in the module's loop, deleted after use: the reused id always meets an
empty cache."""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["runs/a/final", "runs/b/final", "runs/c/final"]

for ckpt in CKPTS:
    llm = LLM(model="mistralai/Mistral-7B-v0.1", enable_lora=True)
    result = llm.generate(["Q: hi\nA:"], SamplingParams(max_tokens=16), lora_request=LoRARequest("m", 1, ckpt))
    print(ckpt, result[0].outputs[0].text, file=sys.stderr)
    del llm
