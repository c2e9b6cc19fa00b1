# expect: Affected line=14 reason~="lora_int_id 7 is reused for a folder whose weights change"
"""Path.stat() is the same watch as os.path.getmtime: the folder changes between requests."""
import time
from pathlib import Path
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
adapter = Path("/shared/trainer/latest_adapter")
llm = LLM(model="base", enable_lora=True)
seen = None
for _ in range(100):
    stamp = adapter.stat().st_mtime
    if stamp != seen:
        seen = stamp
        llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("latest", 7, str(adapter)))
    time.sleep(10)
