# expect: Safe-distinct-id line=14 reason~="every lora_int_id maps to one adapter within each engine lifetime" reason~="3 distinct ids"
"""`lora_int_id=idx + 1` over the checkpoints: one id per path."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--checkpoints", nargs="+", required=True)
args = parser.parse_args()

llm = LLM(model="Qwen/Qwen2.5-7B", enable_lora=True, max_loras=4)
for idx, path in enumerate(args.checkpoints):
    req = LoRARequest(lora_name=f"ckpt-{idx}", lora_int_id=idx + 1, lora_path=path)
    out = llm.generate(["hello"], SamplingParams(max_tokens=8), lora_request=req)
    print(out)
