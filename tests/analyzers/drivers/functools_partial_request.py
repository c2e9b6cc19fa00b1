# expect: Affected
import functools
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
make = functools.partial(LoRARequest, "x", 1)
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    llm.generate(["q"], SamplingParams(), lora_request=make(p))
