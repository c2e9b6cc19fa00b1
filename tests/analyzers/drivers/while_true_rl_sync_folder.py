# expect: Affected
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
