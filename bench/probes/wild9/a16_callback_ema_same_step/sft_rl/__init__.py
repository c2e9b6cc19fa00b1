from .callbacks import EMAAdapterCallback, VLLMEvalCallback
