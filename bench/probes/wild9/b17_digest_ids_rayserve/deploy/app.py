"""Ray Serve deployment: one AsyncLLMEngine, any adapter from the versioned store.

Adapters are published once to /models/adapters/<name>/<version>/ and never modified.
"""

from __future__ import annotations

import uuid

from fastapi import FastAPI
from pydantic import BaseModel
from ray import serve
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

from deploy.ids import adapter_id

api = FastAPI()
ADAPTER_ROOT = "/models/adapters"


class Req(BaseModel):
    prompt: str
    adapter: str | None = None
    version: str  # explicit version, e.g. "v12"; no moving aliases
    max_tokens: int = 256


@serve.deployment(ray_actor_options={"num_gpus": 1}, max_ongoing_requests=64)
@serve.ingress(api)
class MultiLoRADeployment:
    def __init__(self, base_model: str = "mistralai/Mistral-7B-Instruct-v0.3"):
        self.engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(
            model=base_model, enable_lora=True, max_loras=8, max_cpu_loras=64,
            max_lora_rank=64,
        ))

    def _lora(self, name: str, version: str) -> LoRARequest:
        path = f"{ADAPTER_ROOT}/{name}/{version}"
        return LoRARequest(lora_name=f"{name}@{version}", lora_int_id=adapter_id(path),
                           lora_path=path)

    @api.post("/v1/generate")
    async def generate(self, body: Req) -> dict:
        lora = self._lora(body.adapter, body.version) if body.adapter else None
        sp = SamplingParams(max_tokens=body.max_tokens)
        final = None
        async for out in self.engine.generate(body.prompt, sp, uuid.uuid4().hex,
                                              lora_request=lora):
            final = out
        return {"text": final.outputs[0].text, "adapter": lora.lora_name if lora else None}


app = MultiLoRADeployment.bind()
