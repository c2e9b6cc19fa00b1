from .registry import REGISTRY, ModelSpec
from .runner import run_all, run_task
