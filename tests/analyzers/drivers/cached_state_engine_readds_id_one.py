# expect: Affected line=22 reason~="lora_int_id 1 is reused" reason~="the request for path (call 2)"
"""A service keeps the trainer's state, engine included, in a `cached_property`, and a caller
outside the file sets each new checkpoint under id 1. The state is made during the first call
and kept: the second call reaches the same engine, so the second checkpoint is served the
first one's weights (no `remove_lora` in between)."""
import functools

from vllm.lora.request import LoRARequest

from trainer_state import ModelState


class ModelService:
    def __init__(self, config):
        self.config = config

    @functools.cached_property
    def state(self):
        return ModelState(self.config)

    def set_lora(self, path):
        request = LoRARequest("policy", 1, path)
        self.state.vllm.engine.add_lora(request)
