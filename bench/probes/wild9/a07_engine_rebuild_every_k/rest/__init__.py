from .sampler import RoundSampler
from .sft import fit_round

__all__ = ["RoundSampler", "fit_round"]
