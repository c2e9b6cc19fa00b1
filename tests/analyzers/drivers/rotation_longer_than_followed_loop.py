# expect: Indeterminate line=10 reason~="cycles modulo 100, but only the first 64 iterations of the loop"
"""1,000 steps with ids cycling modulo 100 and a 128-adapter CPU cache: only the first 64
iterations are followed, too few to see the wrap-around (stale here), so it stays undecided."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=8, max_cpu_loras=128)
for step in range(1000):
    slot = step % 100 + 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(f"s{slot}", slot, f"ckpt/step-{step}"))
