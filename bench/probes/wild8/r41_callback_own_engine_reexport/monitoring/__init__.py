from .vllm_probe import VLLMProbe
