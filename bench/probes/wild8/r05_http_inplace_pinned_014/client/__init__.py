from .vllm_http import VLLMAdmin
