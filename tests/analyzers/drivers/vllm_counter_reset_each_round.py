# expect: Affected line=18 reason~="lora_int_id 1 is reused without invalidation"
"""vLLM's `Counter` numbers each round's checkpoints 0, 1, ... from `reset()`, and the engine
lives across rounds: the second round's first checkpoint gets the id the first round's first
checkpoint was loaded under, and is served its weights. (Counted from 1 by `next`, reset to 0:
`reset()` starts again at 0, not at the start it was made with.)"""
import sys

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
from vllm.utils import Counter

llm = LLM(model="base", enable_lora=True, max_loras=4)
ids = Counter(1)
for round_dir in sys.argv[1:]:
    ids.reset()
    for step in (100, 200):
        lora_id = next(ids) + 1
        request = LoRARequest(f"step{step}", lora_id, f"{round_dir}/checkpoint-{step}")
        llm.generate(["q"], SamplingParams(), lora_request=request)
