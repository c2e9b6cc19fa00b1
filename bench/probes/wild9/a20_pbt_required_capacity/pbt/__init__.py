from .population import Member, Population
from .sampler import PopulationSampler
