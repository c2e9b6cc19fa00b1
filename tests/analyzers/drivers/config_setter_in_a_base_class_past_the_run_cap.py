# expect: Indeterminate line=51 reason~="used in turn on one instance served a request" reason~="Safe-single-adapter on the part analysed"
"""A base class's `config` setter re-reads the adapter's folder through the subclass's
`update_additional_setting()`, and `generate()` serves it under id 1 on one engine. The settings
read first fork the worlds of a use in turn past the cap on runs before any of them serves
after `config` is assigned: the worlds explored never serve, and each method's own runs serve
only the first folder. That is no Safe answer (it was, as Safe-single-adapter): a world not
explored may serve the folder the assignment changed."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class BaseGenerator:
    def __init__(self, config):
        self._config = config
        self.update_config()

    @property
    def config(self):
        return self._config

    @config.setter
    def config(self, config_data):
        self._config = config_data
        self.update_config()

    def update_config(self):
        self.update_base_setting()
        self.update_additional_setting()

    def update_base_setting(self):
        self.model_path = self._config["generator_model_path"]

    def update_additional_setting(self):
        pass


class VLLMGenerator(BaseGenerator):
    def __init__(self, config):
        super().__init__(config)
        self.model = LLM(self.model_path, enable_lora=True)

    def update_additional_setting(self):
        for key in ("gpu_memory_utilization", "max_model_len", "dtype", "seed", "top_p", "top_k"):
            if key in self._config:
                setattr(self, key, self._config[key])
        self.lora_path = None if "generator_lora_path" not in self._config else self._config["generator_lora_path"]
        self.use_lora = self.lora_path is not None

    def generate(self, prompts):
        if self.use_lora:
            return self.model.generate(prompts, SamplingParams(), lora_request=LoRARequest("lora_module", 1, self.lora_path))
        return self.model.generate(prompts, SamplingParams())
