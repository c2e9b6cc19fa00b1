import uuid

import ray
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest


@ray.remote(num_gpus=1)
class PolicyServer:
    LORA_ID = 11

    def __init__(self, base):
        self.engine = AsyncLLMEngine.from_engine_args(
            AsyncEngineArgs(model=base, enable_lora=True, max_lora_rank=16))
        self.req = None

    async def update_weights(self, tensors, peft_config):
        await self.engine.remove_lora(self.LORA_ID)
        self.req = LoRARequest("policy", self.LORA_ID, "mem://policy",
                               lora_tensors=tensors, peft_config=peft_config)

    async def generate(self, prompt: str) -> str:
        final = None
        async for out in self.engine.generate(prompt, SamplingParams(max_tokens=128),
                                              str(uuid.uuid4()), lora_request=self.req):
            final = out
        return final.outputs[0].text
