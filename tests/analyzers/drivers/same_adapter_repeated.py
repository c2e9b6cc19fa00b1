# expect: Safe-single-adapter
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

ADAPTER = "adapters/final"
llm = LLM(model="base", enable_lora=True)
for batch in [["a"], ["b"], ["c"]]:
    llm.generate(batch, SamplingParams(), lora_request=LoRARequest("final", 1, ADAPTER))
