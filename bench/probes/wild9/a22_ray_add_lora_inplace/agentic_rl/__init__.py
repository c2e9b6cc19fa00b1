from .config import RunConfig
from .workers import VLLMRolloutWorker
