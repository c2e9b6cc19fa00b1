# expect: Indeterminate line=33 reason~="reuses lora_int_id 1, and it is stale only if its lora_path" reason~="config = …"
"""A generator keeps one engine and serves `LoRARequest("lora", 1, self.lora_path)`. Its `config`
property's setter re-reads the adapter's folder from the new config, so a caller that assigns
`gen.config = other` between two calls asks the same engine for id 1 with another folder, and
is served the first one's weights unless both configs name one folder. Nothing in the file
assigns `config`: library mode must still run the setter between the calls, as its callers do,
rather than call the generator Safe because its own methods never change the folder."""
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Generator:
    def __init__(self, config):
        self._config = config
        self.update_config()
        self.model = LLM(self.model_path, enable_lora=True, max_lora_rank=64)

    @property
    def config(self):
        return self._config

    @config.setter
    def config(self, config_data):
        self._config = config_data
        self.update_config()

    def update_config(self):
        self.model_path = self._config["generator_model_path"]
        self.lora_path = self._config.get("generator_lora_path")

    def generate(self, prompts):
        request = LoRARequest("lora", 1, self.lora_path)
        return self.model.generate(prompts, SamplingParams(max_tokens=32), lora_request=request)
