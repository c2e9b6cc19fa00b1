# expect: Affected line=10 reason~="lora_int_id 3 is reused without invalidation in LLM" reason~="is served 'adapters/v1'" reason~="2 of 3 requests are stale"
"""`llm.chat` with an aliased LoRARequest under id 3 for three adapters, max_cpu_loras=2: the second
is served the first."""
from vllm import LLM
from vllm.lora.request import LoRARequest as LR

llm = LLM("base", enable_lora=True, max_cpu_loras=2, max_loras=1)
for tag in ["v1", "v2", "v3"]:
    messages = [{"role": "user", "content": "hi"}]
    llm.chat(messages, lora_request=LR("chatter", 3, f"adapters/{tag}"))
