# expect: Safe-single-adapter line=14 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, args.adapter)"
"""One request for --adapter, built once and asked many questions: always the same adapter."""
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--adapter", required=True)
parser.add_argument("--questions", nargs="+", default=["q1", "q2", "q3"])
args = parser.parse_args()

llm = LLM(model="base", enable_lora=True)
adapter = LoRARequest("panel", 1, args.adapter)
for question in args.questions:
    print(llm.generate([question], SamplingParams(), lora_request=adapter)[0].outputs[0].text)
