from .ids import adapter_id
from .worker import Sampler
