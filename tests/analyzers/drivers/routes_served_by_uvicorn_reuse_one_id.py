# expect: Affected line=27 reason~="when lora_load() then generate() is called again" reason~="lora_int_id 1 is reused without invalidation"
"""A FastAPI server whose `/lora/load` route points the module's state at the folder a trainer
posts, and whose `/generate` route serves it under lora_int_id 1. The engine is built under
`__main__` before `uvicorn.run(app)` serves the routes, so `engine is None` never holds while
they run: from the second load on, `/generate` is served the first folder. The routes are
called by the server, in any order, after `__main__` set the engine up."""
from typing import Optional

from fastapi import FastAPI, HTTPException
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams
from vllm.lora.request import LoRARequest

app = FastAPI()
engine: Optional[AsyncLLMEngine] = None
state = {"path": None}


@app.post("/lora/load")
async def lora_load(req: dict):
    state["path"] = req["adapter_path"]


@app.post("/generate")
async def generate(req: dict):
    if engine is None:
        raise HTTPException(status_code=503, detail="Engine not initialized")
    lora = LoRARequest("adapter", 1, state["path"]) if state["path"] else None
    return engine.generate(req["prompt"], SamplingParams(), req["id"], lora_request=lora)


if __name__ == "__main__":
    import uvicorn

    engine = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(model="m", enable_lora=True))
    uvicorn.run(app)
