# expect: Safe-distinct-id line=13 reason~="every lora_int_id maps to one adapter within each engine lifetime"
"""A Ray Serve-style deployment: a dict comprehension numbers the adapters with `idx + 1`, and
each HTTP request picks one by the `model` of its body (or none: the base model)."""
from vllm import SamplingParams
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine
from vllm.lora.request import LoRARequest


class VLLMDeployment:
    def __init__(self, engine_args: AsyncEngineArgs, adapters: dict):
        self.engine = AsyncLLMEngine.from_engine_args(engine_args)
        self.lora_requests = {name: LoRARequest(name, idx + 1, path) for idx, (name, path) in enumerate(adapters.items())}

    async def __call__(self, request):
        body = await request.json()
        lora = self.lora_requests.get(body.get("model"))
        async for out in self.engine.generate(body["prompt"], SamplingParams(), "rid", lora_request=lora):
            final = out
        return final
