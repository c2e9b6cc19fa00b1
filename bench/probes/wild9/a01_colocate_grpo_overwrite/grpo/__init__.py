"""Colocated GRPO: the policy trains with PEFT and samples through a vLLM engine on the same GPU."""

from .config import GRPOConfig
from .rollout import ColocatedRollout
from .trainer import GRPOTrainer

__all__ = ["GRPOConfig", "ColocatedRollout", "GRPOTrainer"]
