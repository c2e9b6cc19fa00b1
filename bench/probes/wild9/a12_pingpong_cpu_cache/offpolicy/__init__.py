from .config import EngineConfig, RunConfig
from .buffers import SlotBuffers
from .actor import Actor
from .learner import Learner
