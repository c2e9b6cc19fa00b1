from .worker import Rollout
from .learner import Learner
