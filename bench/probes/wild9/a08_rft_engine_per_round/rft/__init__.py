from .config import RFTConfig
from .generation import generate_round
from .training import train_round
