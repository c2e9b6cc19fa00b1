from .actors import RolloutActor
from .learner import Learner

__all__ = ["RolloutActor", "Learner"]
