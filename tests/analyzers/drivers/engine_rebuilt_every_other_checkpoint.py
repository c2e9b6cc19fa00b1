# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = None
for i, ckpt in enumerate(["a", "b", "c", "d"]):
    if i % 2 == 0:
        llm = LLM(model="b", enable_lora=True)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("s", 1, ckpt))
