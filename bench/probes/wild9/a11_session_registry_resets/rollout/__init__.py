from .registry import AdapterRegistry
from .session import RolloutSession

__all__ = ["AdapterRegistry", "RolloutSession"]
