# expect: Indeterminate
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["a", "b"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(lora_name=path, lora_path=path))
