# expect: Affected
from vllm import LLM
from vllm.lora.request import LoRARequest as LR

llm = LLM("base", enable_lora=True, max_cpu_loras=2, max_loras=1)
for tag in ["v1", "v2", "v3"]:
    messages = [{"role": "user", "content": "hi"}]
    llm.chat(messages, lora_request=LR("chatter", 3, f"adapters/{tag}"))
