from .rloo import RLOOConfig, RLOOTrainer
