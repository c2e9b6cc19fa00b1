# expect: Affected
import argparse

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

parser = argparse.ArgumentParser()
parser.add_argument("--cpu-loras", type=int, default=4)
args = parser.parse_args()

engine_kwargs = dict(model="base", enable_lora=True, max_loras=2)
engine_kwargs["max_cpu_loras"] = args.cpu_loras
llm = LLM(**engine_kwargs)
checkpoints = [f"ckpt/{n}" for n in range(6)]
for i, checkpoint in enumerate(checkpoints):
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"c{i}", i % 3 + 1, checkpoint))
