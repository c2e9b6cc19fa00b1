# expect: Safe-probabilistic vllm=0.11.0; Indeterminate vllm=0.10.2
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=2)
for path in ["loras/a", "loras/b", "loras/c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, hash(path), path))
