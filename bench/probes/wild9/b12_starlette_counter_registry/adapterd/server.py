"""Starlette front-end for an AsyncLLM with runtime adapter registration."""

from __future__ import annotations

import os
import uuid

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route
from vllm import AsyncEngineArgs, AsyncLLMEngine, SamplingParams

from adapterd.state import AdapterTable

ENGINE = AsyncLLMEngine.from_engine_args(AsyncEngineArgs(
    model=os.environ.get("BASE_MODEL", "Qwen/Qwen2.5-14B-Instruct"),
    enable_lora=True,
    max_loras=4,
    max_cpu_loras=32,
    max_lora_rank=64,
))
TABLE = AdapterTable()


async def register(request: Request):
    body = await request.json()
    req = TABLE.register(body["name"], body["path"])
    return JSONResponse({"name": req.lora_name, "id": req.lora_int_id})


async def unregister(request: Request):
    ok = TABLE.unregister(request.path_params["name"])
    return JSONResponse({"removed": ok}, status_code=200 if ok else 404)


async def adapters(request: Request):
    return JSONResponse(TABLE.snapshot())


async def generate(request: Request):
    body = await request.json()
    lora = TABLE.get(body["adapter"]) if body.get("adapter") else None
    if body.get("adapter") and lora is None:
        return JSONResponse({"error": "unknown adapter"}, status_code=404)
    sp = SamplingParams(max_tokens=body.get("max_tokens", 256),
                        temperature=body.get("temperature", 0.7))
    last = None
    async for out in ENGINE.generate(body["prompt"], sp, uuid.uuid4().hex, lora_request=lora):
        last = out
    return JSONResponse({"text": last.outputs[0].text})


app = Starlette(routes=[
    Route("/adapters", register, methods=["POST"]),
    Route("/adapters", adapters, methods=["GET"]),
    Route("/adapters/{name}", unregister, methods=["DELETE"]),
    Route("/generate", generate, methods=["POST"]),
])
