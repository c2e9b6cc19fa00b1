"""`GET /badge/{owner}/{repo}.svg|.json`: the default branch's status; private or unknown: 404."""

from __future__ import annotations

import logging

import redis
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bot.badge import load_badge_state
from bot.render.badge import badge_for, render_svg, shields_json

# Badges are fetched through caching proxies (GitHub's camo, shields.io); a few minutes is fresh.
CACHE_FOUND = "public, max-age=300"
CACHE_MISSING = "no-cache"
log = logging.getLogger(__name__)


def _not_found() -> Response:
    # Identical for unknown and private repositories, so a 404 says nothing about either.
    return JSONResponse({"message": "Not Found"}, 404, headers={"Cache-Control": CACHE_MISSING})


async def badge(request: Request) -> Response:
    owner = request.path_params["owner"]
    repo, dot, kind = str(request.path_params["file"]).rpartition(".")
    if not dot or not repo or kind not in {"svg", "json"}:
        return _not_found()
    client: redis.Redis = request.app.state.redis
    try:
        state = await run_in_threadpool(load_badge_state, client, f"{owner}/{repo}")
    except redis.RedisError as exc:
        log.error("badge state unavailable: %s", exc)
        return JSONResponse(
            {"message": "temporarily unavailable"}, 503, headers={"Cache-Control": CACHE_MISSING}
        )
    if state is None or state.private:
        return _not_found()
    shown = badge_for(state)
    headers = {"Cache-Control": CACHE_FOUND}
    if kind == "json":
        return JSONResponse(shields_json(shown), headers=headers)
    return Response(render_svg(shown), media_type="image/svg+xml", headers=headers)
