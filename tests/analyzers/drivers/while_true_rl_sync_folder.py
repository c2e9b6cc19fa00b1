# expect: Affected line=15 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="2 of 3 requests are stale"
"""`while True` RL loop: save to one sync folder, sample under id 1; the folder's first copy stays
cached."""
import os

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

sync = os.environ.get("SYNC_DIR", "/tmp/sync")
llm = LLM(model="base", enable_lora=True)
trainer = object()
while True:
    trainer.step()
    trainer.model.save_pretrained(sync)
    llm.generate(["p"], SamplingParams(), lora_request=LoRARequest("live", 1, sync))
    if trainer.done:
        break
