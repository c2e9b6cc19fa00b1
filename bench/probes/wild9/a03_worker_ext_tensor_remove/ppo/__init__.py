from .trainer import PPOConfig, PPOTrainer
