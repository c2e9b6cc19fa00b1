from .client import RolloutServerClient

__all__ = ["RolloutServerClient"]
