from .rollout_proc import rollout_process
