# expect: Affected
import argparse
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
p = argparse.ArgumentParser()
p.add_argument("--lora-id", type=int, default=1)
p.add_argument("--ckpts", nargs="+", required=True)
a = p.parse_args()
llm = LLM(model="b", enable_lora=True)
for c in a.ckpts:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", a.lora_id, c))
