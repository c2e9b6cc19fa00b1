# expect: Safe-by-eviction line=15 reason~="evicted before every repeat"
"""The poller removes id 1 before it adds the rewritten folder again: each add loads the new weights."""
import os
import time
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ADAPTER = "/shared/trainer/latest_adapter"
llm = LLM(model="base", enable_lora=True)
seen = 0.0
while True:
    stamp = os.path.getmtime(ADAPTER)
    if stamp > seen:
        seen = stamp
        llm.llm_engine.remove_lora(1)
        print(llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("latest", 1, ADAPTER)))
    time.sleep(30)
