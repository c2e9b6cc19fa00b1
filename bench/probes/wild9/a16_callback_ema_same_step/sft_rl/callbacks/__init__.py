from .ema import EMAAdapterCallback
from .vllm_eval import VLLMEvalCallback

__all__ = ["EMAAdapterCallback", "VLLMEvalCallback"]
