# expect: Affected line=9 reason~="lora_int_id abs(hash('grpo-policy')) % 1000000 + 1 is reused without invalidation in LLM" reason~="is served 'ckpt/step_0'" reason~="4 of 5 requests are stale"
"""The id hashes the run name, which is the same every step: one id for five checkpoints."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest
RUN = "grpo-policy"
llm = LLM(model="b", enable_lora=True)
for step in range(5):
    path = f"ckpt/step_{step}"
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest(RUN, abs(hash(RUN)) % 1_000_000 + 1, path))
