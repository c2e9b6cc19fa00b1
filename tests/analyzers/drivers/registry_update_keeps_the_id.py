# expect: Affected line=50 reason~="lora_int_id 1 is reused without invalidation" reason~="library mode"
"""A gateway's PUT route registers an adapter by name and keeps its id when the name is
registered again with a new folder; the generate route serves what the registry holds. Which
names a lookup takes to be equal decides which request is served, so those decisions are tried
before the others (whether a body names an adapter at all, twice per call)."""

from __future__ import annotations

import itertools
import uuid

from fastapi import FastAPI, HTTPException
from pydantic import BaseModel
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

app = FastAPI(title="lora-gateway")

engine = AsyncLLMEngine.from_engine_args(
    AsyncEngineArgs(
        model="base",
        enable_lora=True,
        max_loras=4,
        max_cpu_loras=16,
        max_lora_rank=64,
    )
)

_adapters: dict[str, LoRARequest] = {}
_next_id = itertools.count(1)


class AdapterBody(BaseModel):
    path: str


class GenerateBody(BaseModel):
    adapter: str | None = None
    prompt: str
    max_tokens: int = 256
    temperature: float = 0.0


@app.put("/adapters/{name}")
async def upsert_adapter(name: str, body: AdapterBody):
    previous = _adapters.get(name)
    # Keep the integer id stable across updates so dashboards keyed on the id keep
    # lining up with the adapter name.
    lora_id = previous.lora_int_id if previous is not None else next(_next_id)
    _adapters[name] = LoRARequest(lora_name=name, lora_int_id=lora_id, lora_path=body.path)
    return {"name": name, "id": lora_id, "path": body.path, "updated": previous is not None}


@app.get("/adapters")
async def list_adapters():
    return {n: {"id": r.lora_int_id, "path": r.lora_path} for n, r in _adapters.items()}


@app.post("/generate")
async def generate(body: GenerateBody):
    lora = None
    if body.adapter is not None:
        lora = _adapters.get(body.adapter)
        if lora is None:
            raise HTTPException(404, f"unknown adapter {body.adapter}")
    sp = SamplingParams(max_tokens=body.max_tokens, temperature=body.temperature)
    final = None
    async for out in engine.generate(body.prompt, sp, str(uuid.uuid4()), lora_request=lora):
        final = out
    return {"text": final.outputs[0].text if final else ""}
