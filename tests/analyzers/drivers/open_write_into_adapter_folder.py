# expect: Affected line=11 reason~="lora_int_id 1 is reused for a folder whose weights change without invalidation in LLM" reason~="is served the copy cached" reason~="2 of 3 requests are stale"
"""open(..., 'wb') rewrites the adapter's weights each step; id 1 keeps serving the first copy."""
import os
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
ADAPTER = "adapters/live"
llm = LLM(model="b", enable_lora=True)
for step in range(3):
    with open(os.path.join(ADAPTER, "adapter_model.safetensors"), "wb") as fh:
        fh.write(b"weights %d" % step)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("live", 1, ADAPTER))
