from online_eval.callback import VLLMEvalCallback

__all__ = ["VLLMEvalCallback"]
