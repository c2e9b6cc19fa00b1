from .sync_callback import VLLMSyncCallback
from .trainer import OnlineRFTTrainer

__all__ = ["VLLMSyncCallback", "OnlineRFTTrainer"]
