# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
kw = dict(lora_name="x", lora_int_id=1)
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(lora_path=p, **kw))
