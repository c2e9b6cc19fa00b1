# expect: Affected
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ADAPTER = "adapters/live"
llm = LLM(model="b", enable_lora=True)
for step in range(3):
    with open(os.path.join(ADAPTER, "adapter_model.safetensors"), "wb") as fh:
        fh.write(b"weights %d" % step)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("live", 1, ADAPTER))
