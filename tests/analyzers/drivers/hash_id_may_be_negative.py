# expect: Safe-probabilistic vllm=0.11.0 line=9 reason~="lora_int_id comes from hash('loras/a')" reason~="probability at most 2.17e-19" reason~="on vLLM 0.10.2: Indeterminate"; Indeterminate vllm=0.10.2 line=9 reason~="lora_int_id comes from hash('loras/a')" reason~="which is negative for about half of all paths" reason~="on vLLM 0.14.0: Safe-probabilistic"
"""`hash(path)` as the id: from vLLM 0.11 a negative id is refused, leaving a tiny collision bound;
before 0.11 a negative id silently serves the base model."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=2)
for path in ["loras/a", "loras/b", "loras/c"]:
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(path, hash(path), path))
