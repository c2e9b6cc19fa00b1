# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def evaluate(llm, path, lora_id=1):
    return llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("x", lora_id, path))


llm = LLM(model="b", enable_lora=True)
for p in ["a", "b"]:
    evaluate(llm, p)
