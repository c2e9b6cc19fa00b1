from ckpt_eval.vllm_client import VLLMServerClient

__all__ = ["VLLMServerClient"]
