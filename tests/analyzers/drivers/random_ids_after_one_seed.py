# expect: Safe-probabilistic line=15 reason~="a stale serve needs two of 3 adapters to collide modulo 2,147,483,647"
"""One `random.seed(0)` before the loop: the draws go on along one sequence, each a new number
(a collision stays a matter of chance, bounded); only seeding again repeats them."""
import random

import numpy as np
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

random.seed(0)
np.random.seed(0)
llm = LLM("base", enable_lora=True, max_loras=4)
for step in range(3):
    lora_id = random.randint(1, 2**31 - 1)
    req = LoRARequest(f"step-{step}", lora_id, f"ckpt/{step}")
    llm.generate(["x"], SamplingParams(), lora_request=req)
    random.seed()  # the OS's entropy: no repeat either
