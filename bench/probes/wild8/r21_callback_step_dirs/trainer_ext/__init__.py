from .callbacks import VLLMSampleCallback
