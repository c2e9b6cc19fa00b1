from .pool import AdapterPool
from .engine import GenerationEngine
