from .learner import Learner
from .actor import rollout_process
