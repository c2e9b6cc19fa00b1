"""Small GRPO toolkit: a Ray rollout worker and a PEFT trainer."""
from .rollout import RolloutWorker, POLICY_DIR
from .trainer import GRPOTrainer

__all__ = ["RolloutWorker", "GRPOTrainer", "POLICY_DIR"]
