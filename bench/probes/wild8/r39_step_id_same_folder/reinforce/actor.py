import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

LATEST = "/scratch/reinforce/latest"


@ray.remote(num_gpus=1)
class Actor:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True, max_lora_rank=16, max_loras=1)

    def act(self, prompts, step: int):
        # a fresh int id per published step: vLLM reads LATEST again for each new id
        req = LoRARequest(f"policy-{step}", step + 1, LATEST)
        outs = self.llm.generate(prompts, SamplingParams(max_tokens=128), lora_request=req)
        return [o.outputs[0].text for o in outs]
