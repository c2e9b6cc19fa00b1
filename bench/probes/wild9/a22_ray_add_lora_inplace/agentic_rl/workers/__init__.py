from .rollout import VLLMRolloutWorker
