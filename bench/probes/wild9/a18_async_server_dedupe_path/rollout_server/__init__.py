from .state import PolicyState
