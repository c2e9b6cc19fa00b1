from .publisher import Publisher
