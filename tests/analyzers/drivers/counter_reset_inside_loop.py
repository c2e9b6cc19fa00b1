# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    counter = 0
    counter += 1
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", counter, p))
