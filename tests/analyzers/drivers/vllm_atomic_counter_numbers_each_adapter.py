# expect: Safe-distinct-id line=27 reason~="every lora_int_id maps to one adapter"
"""A serving wrapper numbers the adapters it is asked to add with vLLM's own `AtomicCounter`, as
vLLM's OpenAI server does: `inc(1)` gives 1, 2, 3, ... for the engine's lifetime, so no id is ever
reused for another adapter however callers call `add_adapter`."""
from vllm import LLMEngine
from vllm.engine.arg_utils import EngineArgs
from vllm.lora.request import LoRARequest
from vllm.utils.counter import AtomicCounter


class AdapterServer:
    def __init__(self, model):
        self.engine = LLMEngine.from_engine_args(EngineArgs(model=model, enable_lora=True))
        self.lora_id_counter = AtomicCounter(0)
        self.lora_requests = {}

    def add_adapter(self, name, path):
        if name in self.lora_requests:
            return self.lora_requests[name]
        lora_id = self.lora_id_counter.inc(1)
        request = self.make_request(name, lora_id, path)
        self.engine.add_lora(request)
        self.lora_requests[name] = request
        return request

    def make_request(self, name, lora_id, path):
        return LoRARequest(lora_name=name, lora_int_id=lora_id, lora_path=path)
