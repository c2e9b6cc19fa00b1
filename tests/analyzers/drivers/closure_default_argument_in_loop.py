# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    def go(path=p):
        return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", 1, path))
    go()
