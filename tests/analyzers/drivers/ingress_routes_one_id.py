# expect: Affected line=21 reason~="when generate() is called again for another adapter"
"""A Ray Serve deployment whose routes are methods (`@serve.ingress(api)` on the class,
`@api.post` on each method): Ray builds one instance and calls the routes on it, so `self` is
that instance and `self._request(name)` is followed: every adapter gets id 1 on one engine."""
from fastapi import FastAPI
from ray import serve
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

api = FastAPI()


@serve.deployment(ray_actor_options={"num_gpus": 1})
@serve.ingress(api)
class AdapterServer:
    def __init__(self, base_model: str = "base-model"):
        args = AsyncEngineArgs(model=base_model, enable_lora=True, max_loras=4)
        self.engine = AsyncLLMEngine.from_engine_args(args)

    def _request(self, name: str) -> LoRARequest:
        return LoRARequest(name, 1, f"/adapters/{name}")

    @api.post("/generate")
    async def generate(self, name: str, prompt: str) -> str:
        final = None
        async for out in self.engine.generate(
            prompt, SamplingParams(), "request-1", lora_request=self._request(name)
        ):
            final = out
        return final.outputs[0].text


app = AdapterServer.bind()
