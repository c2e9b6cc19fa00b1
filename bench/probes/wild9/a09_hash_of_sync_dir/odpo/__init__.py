from .config import OnlineDPOConfig
from .generator import PairGenerator
from .trainer import OnlineDPOTrainer
