# expect: Affected line=21 reason~="lora_int_id 1 is reused without invalidation in the engine `kwargs['llm']`" reason~="library mode"
"""A trainer mixin takes its engine from `**kwargs`, which a subclass passes on unopened: the
keys an unseen caller passes reach the base `__init__`, so `kwargs['llm']` is the caller's
engine, not a KeyError, and two evaluations of two checkpoints under id 1 share one adapter."""
from vllm.lora.request import LoRARequest


class EngineMixin:
    def __init__(self, *args, **kwargs):
        self.llm = kwargs["llm"]
        self.name = kwargs.get("name", "policy")


class Evaluator(EngineMixin):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)

    def evaluate(self, checkpoint):
        return self.llm.generate(
            ["q"],
            lora_request=LoRARequest(self.name, 1, checkpoint),
        )
