# expect: Indeterminate line=9 reason~="has no lora_int_id the analysis can see"
"""`LoRARequest` without `lora_int_id`: there is no id to replay (vLLM itself would refuse the call),
so the analysis says what it cannot see."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for path in ["a", "b"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(lora_name=path, lora_path=path))
