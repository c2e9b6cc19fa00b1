from .actor import Actor
