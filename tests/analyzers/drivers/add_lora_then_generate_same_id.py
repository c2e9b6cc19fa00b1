# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    req = LoRARequest("x", 1, p)
    llm.llm_engine.add_lora(req)
    llm.generate(["q"], SamplingParams(), lora_request=req)
