# expect: Affected
import itertools
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
llm = LLM(model="b", enable_lora=True)
for p in ["a", "b", "c"]:
    ids = itertools.count(1)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", next(ids), p))
