# expect: Affected line=12 reason~="numpy.random.randint(...) after seed(0) is reused"
"""`np.random.seed(0)` inside the loop, then `np.random.randint`: the same id each step."""
import numpy as np
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM("base", enable_lora=True, max_loras=8)
for step in [100, 200, 300]:
    np.random.seed(0)
    lora_id = int(np.random.randint(1, 1_000_000))
    path = f"ckpt/{step}"
    req = LoRARequest(path, lora_id, path)
    llm.generate(["x"], SamplingParams(), lora_request=req)
