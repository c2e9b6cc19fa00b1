# expect: Safe-single-adapter line=9 reason~="one adapter per engine lifetime" reason~="(lora_int_id 1, 'adapters/final')"
"""The same adapter (id 1, 'adapters/final') for every batch: each repeat hits the right weights."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER = "adapters/final"
llm = LLM(model="base", enable_lora=True)
for batch in [["a"], ["b"], ["c"]]:
    llm.generate(batch, SamplingParams(), lora_request=LoRARequest("final", 1, ADAPTER))
