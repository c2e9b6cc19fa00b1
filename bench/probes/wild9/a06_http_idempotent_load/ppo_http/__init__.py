from .adapter_client import AdapterClient
from .trainer import HttpPPOTrainer

__all__ = ["AdapterClient", "HttpPPOTrainer"]
