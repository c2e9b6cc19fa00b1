"""Process-wide engine."""
from vllm import LLM

llm = LLM(model="Qwen/Qwen2.5-1.5B", enable_lora=True, max_loras=2)
