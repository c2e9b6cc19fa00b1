"""`GET /healthz` (the process answers) and `GET /readyz` (Redis answers PING, quickly)."""

from __future__ import annotations

import redis
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse


async def healthz(request: Request) -> JSONResponse:
    return JSONResponse({"status": "ok"})


async def readyz(request: Request) -> JSONResponse:
    client: redis.Redis = request.app.state.probe_redis
    try:
        await run_in_threadpool(client.ping)
    except redis.RedisError as exc:
        return JSONResponse({"status": "not ready", "redis": str(exc)}, status_code=503)
    return JSONResponse({"status": "ready"})
