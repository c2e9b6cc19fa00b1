"""The stand-in's plumbing: authentication, injected failures, rate-limit headers, paging."""

from __future__ import annotations

import json
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import jwt
from starlette.applications import Starlette
from starlette.background import BackgroundTask
from starlette.datastructures import QueryParams
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from tests.standin.state import Call, Repo, State

Auth = Literal["jwt", "token", "none"]
DOCS = "https://docs.github.com/rest"
ENTERPRISE_API_PATH = "/api/v3"  # every API route is served here too, as GitHub Enterprise does


class HttpError(Exception):
    """Raised by a handler to answer with GitHub's error shape."""

    def __init__(self, status: int, message: str, **extra: Any) -> None:
        super().__init__(message)
        self.status = status
        self.body = {"message": message, "documentation_url": DOCS, "status": str(status)} | extra


@dataclass
class Reply:
    status: int
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)
    after: Callable[[], Awaitable[None]] | None = None  # runs after the response is sent


@dataclass
class Ctx:
    """What a handler sees: path parameters, query, JSON body, who is calling, and the state."""

    state: State
    params: dict[str, str]
    query: QueryParams
    body: Any
    url: str  # the request URL as the client sent it (for Link headers)
    api: str  # the stand-in's base URL
    installation_id: int | None  # set for installation-token calls

    def repo(self) -> Repo:
        """The repository in the path, visible to the calling installation, or 404."""
        full_name = f"{self.params['owner']}/{self.params['repo']}"
        repo = self.state.repo(full_name)
        if repo is None or (
            self.installation_id is not None and repo.installation_id != self.installation_id
        ):
            raise HttpError(404, "Not Found")
        return repo

    def int_param(self, name: str) -> int:
        try:
            return int(self.params[name])
        except ValueError:
            raise HttpError(404, "Not Found") from None

    def field(self, name: str) -> Any:
        if not isinstance(self.body, dict) or name not in self.body:
            raise HttpError(422, "Invalid request.", errors=[f'"{name}" wasn\'t supplied.'])
        return self.body[name]


Handler = Callable[[Ctx], Reply]


class RouteTable:
    """A module's routes, registered with a decorator and mounted by the server."""

    def __init__(self) -> None:
        self.entries: list[tuple[str, str, Auth, Handler]] = []

    def route(
        self, method: str, path: str, *, auth: Auth = "token"
    ) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self.entries.append((method, path, auth, handler))
            return handler

        return register


def paginate(ctx: Ctx, items: Sequence[Any]) -> tuple[list[Any], dict[str, str]]:
    """One page of `items` and GitHub's `Link` header, whose URLs are absolute."""
    try:
        per_page = min(max(int(ctx.query.get("per_page", 30)), 1), 100)
        page = max(int(ctx.query.get("page", 1)), 1)
    except ValueError:
        raise HttpError(422, "Invalid pagination parameters") from None
    last = max((len(items) + per_page - 1) // per_page, 1)
    chunk = list(items[(page - 1) * per_page : page * per_page])
    links = []
    base = QueryParams(ctx.query)

    def link(number: int, rel: str) -> str:
        query = {**dict(base), "per_page": str(per_page), "page": str(number)}
        return f'<{ctx.url.split("?")[0]}?{QueryParams(query)}>; rel="{rel}"'

    if page < last:
        links += [link(page + 1, "next"), link(last, "last")]
    if page > 1:
        links += [link(1, "first"), link(page - 1, "prev")]
    return chunk, ({"Link": ", ".join(links)} if links else {})


def _authenticate(state: State, public_pem: str, header: str, auth: Auth) -> tuple[str, int | None]:
    """(kind, installation id) for a valid credential of the route's kind, else HttpError 401."""
    if auth == "none":
        return "none", None
    scheme, _, credential = header.partition(" ")
    if auth == "jwt":
        if scheme.lower() != "bearer":
            raise HttpError(401, "A JSON web token could not be decoded")
        try:
            claims = jwt.decode(
                credential,
                public_pem,
                algorithms=["RS256"],
                options={"require": ["iat", "exp", "iss"]},
                leeway=5,
            )
        except jwt.PyJWTError as exc:
            raise HttpError(401, f"A JSON web token could not be decoded: {exc}") from None
        if str(claims["iss"]) != str(state.app_id):
            raise HttpError(401, "'Issuer' claim ('iss') must be the App's id")
        return "jwt", None
    token = state.tokens.get(credential) if scheme.lower() in {"token", "bearer"} else None
    if token is None or token.revoked or token.expires_at <= _now_iso():
        raise HttpError(401, "Bad credentials")
    return "token", token.installation_id


def _now_iso() -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())


def _rate_headers(state: State, path: str) -> dict[str, str]:
    used = len(state.calls) + 1
    return {
        "x-ratelimit-limit": "5000",
        "x-ratelimit-remaining": str(max(5000 - used, 0)),
        "x-ratelimit-reset": str(int(time.time()) + 3600),
        "x-ratelimit-used": str(used),
        "x-ratelimit-resource": "search" if path.startswith("/search") else "core",
        "x-github-api-version-selected": "2026-03-10",
    }


def _endpoint(state: State, public_pem: str, auth: Auth, handler: Handler) -> Any:
    async def endpoint(request: Request) -> Response:
        raw = await request.body()
        method, path = request.method, request.url.path
        auth_kind = "none"
        reply: Reply
        body: Any = None
        with state.lock:
            failure = state.take_failure(method, path)
            try:
                if failure is not None and not failure.applied:
                    reply = Reply(failure.status, failure.body, dict(failure.headers))
                else:
                    try:
                        body = json.loads(raw) if raw else None
                    except ValueError:
                        raise HttpError(400, "Problems parsing JSON") from None
                    header = request.headers.get("authorization", "")
                    auth_kind = "invalid"
                    auth_kind, installation_id = _authenticate(state, public_pem, header, auth)
                    ctx = Ctx(
                        state=state,
                        params={key: str(value) for key, value in request.path_params.items()},
                        query=request.query_params,
                        body=body,
                        url=str(request.url),
                        api=str(request.base_url).rstrip("/")
                        + (ENTERPRISE_API_PATH if path.startswith(ENTERPRISE_API_PATH) else ""),
                        installation_id=installation_id,
                    )
                    reply = handler(ctx)
                    if failure is not None:
                        # The change took effect, but the answer is lost (a gateway error after
                        # the backend applied it): the client sees only the failure.
                        reply = Reply(failure.status, failure.body, dict(failure.headers))
            except HttpError as exc:
                reply = Reply(exc.status, exc.body)
            headers = _rate_headers(state, path) | reply.headers
            state.calls.append(
                Call(
                    method=method,
                    path=path,
                    query=request.url.query,
                    status=reply.status,
                    auth=auth_kind,
                    body=body,
                    injected=failure is not None,
                )
            )
        background = BackgroundTask(reply.after) if reply.after is not None else None
        if reply.status == 204:
            return Response(status_code=204, headers=headers, background=background)
        return JSONResponse(
            reply.body, status_code=reply.status, headers=headers, background=background
        )

    return endpoint


def _unserved(ctx: Ctx) -> Reply:
    raise HttpError(404, "Not Found (the stand-in does not serve this route)")


def build_app(
    state: State,
    public_pem: str,
    tables: Sequence[RouteTable],
    *,
    pages: Sequence[Route] = (),
) -> Starlette:
    """The API routes (at `/` as on github.com, and under `/api/v3` as on GitHub Enterprise
    Server), the web `pages`, and a recorded 404 for anything else."""
    routes = [
        Route(prefix + path, _endpoint(state, public_pem, auth, handler), methods=[method])
        for prefix in ("", ENTERPRISE_API_PATH)
        for table in tables
        for method, path, auth, handler in table.entries
    ]
    routes += list(pages)
    # Anything else is a recorded 404, so a test can see which unserved route a client called.
    methods = ["GET", "POST", "PATCH", "PUT", "DELETE"]
    routes.append(
        Route("/{path:path}", _endpoint(state, public_pem, "none", _unserved), methods=methods)
    )
    return Starlette(routes=routes)
