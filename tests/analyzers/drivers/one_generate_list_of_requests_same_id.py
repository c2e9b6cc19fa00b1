# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
paths = ["a", "b", "c"]
llm = LLM(model="b", enable_lora=True, max_loras=3)
prompts = ["q"] * len(paths)
llm.generate(prompts, SamplingParams(), lora_request=[LoRARequest(f"n{i}", 1, p) for i, p in enumerate(paths)])
