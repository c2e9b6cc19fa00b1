# expect: Safe-distinct-id line=43 reason~="every lora_int_id maps to one adapter"
"""The twin of `routes_served_by_uvicorn_reuse_one_id.py` as atropos writes it: `/lora/load`
refuses a folder that does not exist (the server answers that call with an error and goes on)
and gives every load the next id, and `/lora/unload` forgets the adapter. However the server
interleaves the calls, each folder `/generate` serves has an id of its own."""
import os
from dataclasses import dataclass
from typing import Optional

from fastapi import FastAPI, HTTPException
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

app = FastAPI()
engine: Optional[AsyncLLMEngine] = None


@dataclass
class LoraState:
    path: Optional[str] = None
    lora_id: int = 0
    loads: int = 0


state = LoraState()


@app.post("/lora/load")
async def lora_load(req: dict):
    if not os.path.exists(req["adapter_path"]):
        raise HTTPException(status_code=404, detail="no such adapter")
    state.path = req["adapter_path"]
    state.lora_id = state.loads + 1
    state.loads += 1


@app.post("/lora/unload")
async def lora_unload():
    state.path = None


def _lora_request() -> Optional[LoRARequest]:
    return LoRARequest("adapter", state.lora_id, state.path) if state.path else None


@app.post("/generate")
async def generate(req: dict):
    if engine is None:
        raise HTTPException(status_code=503, detail="Engine not initialized")
    return engine.generate(req["prompt"], SamplingParams(), req["id"], lora_request=_lora_request())


if __name__ == "__main__":
    import uvicorn

    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="m", enable_lora=True))
    uvicorn.run(app)
