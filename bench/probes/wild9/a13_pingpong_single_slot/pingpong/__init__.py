from .settings import ENGINE_KWARGS, MODEL
from .swap import BufferPair
from .worker import RolloutWorker
