import argparse
import uuid

import uvicorn
from fastapi import FastAPI
from pydantic import BaseModel
from vllm import SamplingParams
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.v1.engine.async_llm import AsyncLLM

from .state import PolicyState

app = FastAPI()
STATE = PolicyState()
ENGINE: AsyncLLM = None


class UpdateWeights(BaseModel):
    adapter_path: str


class GenerateBody(BaseModel):
    prompt: str
    n: int = 1
    temperature: float = 1.0
    max_tokens: int = 512


@app.post("/update_weights")
async def update_weights(body: UpdateWeights):
    req = await STATE.update(body.adapter_path)
    return {"version": STATE.version, "lora_int_id": req.lora_int_id}


@app.post("/generate")
async def generate(body: GenerateBody):
    params = SamplingParams(n=body.n, temperature=body.temperature, max_tokens=body.max_tokens)
    final = None
    async for out in ENGINE.generate(body.prompt, params, str(uuid.uuid4()), lora_request=STATE.request):
        final = out
    return {"texts": [c.text for c in final.outputs], "version": STATE.version}


def main():
    global ENGINE
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-7B-Instruct")
    ap.add_argument("--port", type=int, default=8100)
    ns = ap.parse_args()
    ENGINE = AsyncLLM.from_engine_args(
        AsyncEngineArgs(model=ns.model, enable_lora=True, max_lora_rank=32, max_loras=1)
    )
    uvicorn.run(app, host="0.0.0.0", port=ns.port)


if __name__ == "__main__":
    main()
