from .requests import POLICY_NAME, POLICY_SLOT_ID, PolicyLoRARequest
from .rollout import RolloutEngine
from .buffer import ReplayBuffer

__all__ = ["PolicyLoRARequest", "POLICY_NAME", "POLICY_SLOT_ID", "RolloutEngine", "ReplayBuffer"]
