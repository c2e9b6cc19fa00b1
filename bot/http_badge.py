"""`GET /badge/{owner}/{repo}.svg|.json`: the default branch's status, never a hint of existence.

An unknown, private or never-audited repository gets the same grey "unknown" badge, with the same
status, headers and bytes: a badge URL tells nobody whether the repository exists or what it
holds. The shields.io endpoint (`.json`) says how long to cache in `cacheSeconds`.
"""

from __future__ import annotations

import logging

import redis
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from bot.badge import load_badge_state
from bot.render.badge import UNKNOWN, Badge, badge_for, render_svg, shields_json

# Badges are fetched through caching proxies (GitHub's camo, shields.io); a few minutes is fresh.
CACHE_SECONDS = 300
CACHE = f"public, max-age={CACHE_SECONDS}"
NO_CACHE = "no-cache"
log = logging.getLogger(__name__)


def _badge(badge: Badge, kind: str, cache_control: str) -> Response:
    headers = {"Cache-Control": cache_control}
    if kind == "json":
        return JSONResponse(shields_json(badge, cache_seconds=CACHE_SECONDS), headers=headers)
    return Response(render_svg(badge), media_type="image/svg+xml", headers=headers)


async def badge(request: Request) -> Response:
    owner = request.path_params["owner"]
    repo, dot, kind = str(request.path_params["file"]).rpartition(".")
    if not dot or not repo or kind not in {"svg", "json"}:
        # Depends only on the URL's form, never on the repository.
        return JSONResponse({"message": "Not Found"}, 404, headers={"Cache-Control": NO_CACHE})
    client: redis.Redis = request.app.state.redis
    try:
        state = await run_in_threadpool(load_badge_state, client, f"{owner}/{repo}")
    except redis.RedisError as exc:
        log.error("badge state unavailable: %s", exc)
        return _badge(UNKNOWN, kind, NO_CACHE)  # the same for every repository
    if state is None or state.private:
        return _badge(UNKNOWN, kind, CACHE)
    return _badge(badge_for(state), kind, CACHE)
