"""minieval: a trimmed-down, lm-eval-harness-style evaluation toolkit."""

from minieval.evaluator import simple_evaluate
from minieval.models.vllm_causallm import VLLMCausalLM

__all__ = ["simple_evaluate", "VLLMCausalLM"]
