# expect: Safe-single-adapter
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPTS = ["runs/a/final", "runs/b/final", "runs/c/final"]

for ckpt in CKPTS:
    llm = LLM(model="mistralai/Mistral-7B-v0.1", enable_lora=True)
    result = llm.generate(["Q: hi\nA:"], SamplingParams(max_tokens=16), lora_request=LoRARequest("m", 1, ckpt))
    print(ckpt, result[0].outputs[0].text, file=sys.stderr)
    del llm
