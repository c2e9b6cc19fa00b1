from mtbench.engine import get_llm
from mtbench.tasks import run_task

__all__ = ["get_llm", "run_task"]
