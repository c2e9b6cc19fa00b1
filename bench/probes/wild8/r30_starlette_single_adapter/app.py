import argparse

import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import Route

from service import AdapterService

svc: AdapterService | None = None


async def complete(request: Request):
    body = await request.json()
    if isinstance(body.get("prompt"), list):
        return JSONResponse({"texts": svc.complete_many(body["prompt"])})
    return JSONResponse({"text": svc.complete(body["prompt"])})


app = Starlette(routes=[Route("/complete", complete, methods=["POST"])])

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="defog/llama-3-sqlcoder-8b")
    ap.add_argument("--adapter", default="/models/sql-lora")
    a = ap.parse_args()
    svc = AdapterService(a.base, a.adapter)
    uvicorn.run(app, port=8080)
