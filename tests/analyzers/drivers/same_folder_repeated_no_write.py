# expect: Safe-single-adapter
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for prompt in ["x", "y", "z"]:
    llm.generate([prompt], SamplingParams(), lora_request=LoRARequest("fixed", 1, "adapters/fixed"))
