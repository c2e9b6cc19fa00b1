import ray
from vllm import LLM, SamplingParams

import config
from engine import tensor_request


@ray.remote(num_gpus=1)
class RolloutWorker:
    def __init__(self):
        self.llm = LLM(model=config.BASE_MODEL, enable_lora=True, max_lora_rank=16)
        self._req = None

    def load_weights(self, state_dict, peft_config):
        self._req = tensor_request(state_dict, peft_config)

    def generate(self, prompts):
        outs = self.llm.generate(prompts, SamplingParams(max_tokens=200),
                                 lora_request=self._req)
        return [o.outputs[0].text for o in outs]
