# expect: Affected line=8 reason~="lora_int_id 1 is reused without invalidation in LLM" reason~="is served 'a'" reason~="1 of 2 requests are stale"
"""evaluate()'s lora_id parameter defaults to 1 and is never passed: both paths share it."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(llm, path, lora_id=1):
    return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", lora_id, path))


llm = LLM(model="b", enable_lora=True)
for p in ["a", "b"]:
    evaluate(llm, p)
