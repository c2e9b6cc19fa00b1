from .base import BaseLoRAServer
from .eval_server import EvalServer
