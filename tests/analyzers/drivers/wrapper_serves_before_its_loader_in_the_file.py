# expect: Affected line=23 reason~="lora_int_id 1 is reused" reason~="when Wrapper.load_lora() then Wrapper.generate() is called again"
"""A model wrapper nothing in the file drives, its serving method written before the method that
keeps the request: `load_lora(path)` sets a request under id 1 and `generate()` serves it. Its
callers load one adapter, generate, load the next and generate again: the second adapter is
served the first one's weights. The order of the methods in the file must not hide it."""
from vllm import SamplingParams
from vllm.lora.request import LoRARequest


class Wrapper:
    def __init__(self, model):
        self.model = model
        self.lora_request = None

    def generate(self, prompts):
        params = SamplingParams(max_tokens=16)
        return self.model.generate(prompts, sampling_params=params, lora_request=self.lora_request)

    def load_lora(self, adapter_path):
        if adapter_path is None:
            self.lora_request = None
        else:
            self.lora_request = LoRARequest(adapter_path, 1, adapter_path)
