# expect: Affected
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
RUN = "grpo-policy"
llm = LLM(model="b", enable_lora=True)
for step in range(5):
    path = f"ckpt/step_{step}"
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(RUN, abs(hash(RUN)) % 1_000_000 + 1, path))
