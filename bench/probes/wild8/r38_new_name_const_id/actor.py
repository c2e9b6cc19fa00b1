import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

import settings
from naming import versioned


@ray.remote(num_gpus=1)
class Actor:
    def __init__(self):
        self.llm = LLM(model=settings.BASE, enable_lora=True, max_lora_rank=16)

    def act(self, prompts, step):
        name, folder = versioned(step)
        req = LoRARequest(lora_name=name, lora_int_id=settings.LORA_INT_ID, lora_path=folder)
        outs = self.llm.generate(prompts, SamplingParams(max_tokens=128), lora_request=req)
        return [o.outputs[0].text for o in outs]
