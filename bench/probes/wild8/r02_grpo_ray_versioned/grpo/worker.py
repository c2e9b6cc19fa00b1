import ray
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

CKPT_ROOT = "/scratch/grpo2/ckpts"


def adapter_dir(version: int) -> str:
    return f"{CKPT_ROOT}/v{version:05d}"


@ray.remote(num_gpus=1)
class Rollout:
    def __init__(self, base):
        self.llm = LLM(model=base, enable_lora=True, max_loras=2, max_lora_rank=32)
        self.sp = SamplingParams(n=4, max_tokens=256, temperature=0.9)

    def sample(self, prompts, version: int):
        req = LoRARequest(lora_name=f"policy-v{version}", lora_int_id=version,
                          lora_path=adapter_dir(version))
        outs = self.llm.generate(prompts, self.sp, lora_request=req)
        return [[c.text for c in o.outputs] for o in outs]
