from arena.pool import AdapterPool
from arena.judge import score_outputs

__all__ = ["AdapterPool", "score_outputs"]
