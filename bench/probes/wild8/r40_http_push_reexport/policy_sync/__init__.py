"""Publishing the learner's adapter to the inference fleet."""
from .http_sync import POLICY_DIR, push_policy, sample

__all__ = ["POLICY_DIR", "push_policy", "sample"]
