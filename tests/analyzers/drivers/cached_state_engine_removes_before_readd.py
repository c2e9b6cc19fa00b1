# expect: Safe-by-eviction line=22 reason~="evicted before every repeat"
"""The service of the test beside this one, with `remove_lora(1)` before each new checkpoint
is set under id 1: the cached state's engine drops the old adapter first."""
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
        self.state.vllm.engine.remove_lora(1)
        self.state.vllm.engine.add_lora(request)
