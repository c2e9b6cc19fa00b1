# expect: Affected line=14 reason~="may be rewritten by another process (the run watches its modification time at mtime_poll_serves_rewritten_folder.py:11)"
"""A trainer elsewhere rewrites the folder; the poller re-adds it under id 1, which serves the first weights."""
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
        print(llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("latest", 1, ADAPTER)))
    time.sleep(30)
