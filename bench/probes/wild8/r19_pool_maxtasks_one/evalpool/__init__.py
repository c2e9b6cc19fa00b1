from .pool import evaluate_all
