from .checkpoints import list_checkpoints
from .scoring import math_equal
