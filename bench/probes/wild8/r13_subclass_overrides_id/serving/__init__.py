from .base import BaseLoRAServer
from .ckpt_server import CheckpointServer
