"""Stand-in routes the App calls as itself (JWT): app, installations, tokens, hook deliveries."""

from __future__ import annotations

import secrets
import time

from tests.standin.bodies import (
    app_json,
    delivery_json,
    installation_json,
    repo_json,
    token_json,
)
from tests.standin.hooks import post_later
from tests.standin.http import Ctx, HttpError, Reply, RouteTable, paginate
from tests.standin.state import Token

routes = RouteTable()


@routes.route("GET", "/app", auth="jwt")
def get_app(ctx: Ctx) -> Reply:
    return Reply(200, app_json(ctx.state, ctx.api))


@routes.route("GET", "/app/installations", auth="jwt")
def list_installations(ctx: Ctx) -> Reply:
    installations = sorted(ctx.state.installations.values(), key=lambda item: item.id)
    page, headers = paginate(ctx, installations)
    return Reply(200, [installation_json(ctx.state, item, ctx.api) for item in page], headers)


@routes.route("GET", "/repos/{owner}/{repo}/installation", auth="jwt")
def get_repo_installation(ctx: Ctx) -> Reply:
    installation = ctx.state.installations.get(ctx.repo().installation_id)
    if installation is None:
        raise HttpError(404, "Not Found")
    return Reply(200, installation_json(ctx.state, installation, ctx.api))


@routes.route("POST", "/app/installations/{installation_id}/access_tokens", auth="jwt")
def create_token(ctx: Ctx) -> Reply:
    installation_id = ctx.int_param("installation_id")
    if installation_id not in ctx.state.installations:
        raise HttpError(404, "Not Found")
    lifetime = ctx.state.token_lifetime
    expires_at = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(time.time() + lifetime))
    value = "ghs_" + secrets.token_hex(18)
    ctx.state.tokens[value] = Token(value, installation_id, expires_at)
    return Reply(201, token_json(value, expires_at))


@routes.route("GET", "/installation/repositories")
def list_installation_repositories(ctx: Ctx) -> Reply:
    repos = sorted(
        (repo for repo in ctx.state.repos.values() if repo.installation_id == ctx.installation_id),
        key=lambda repo: repo.full_name.lower(),
    )
    page, headers = paginate(ctx, repos)
    body = {
        "total_count": len(repos),
        "repository_selection": "selected",
        "repositories": [repo_json(ctx.state, repo, ctx.api) for repo in page],
    }
    return Reply(200, body, headers)


@routes.route("GET", "/app/hook/deliveries", auth="jwt")
def list_deliveries(ctx: Ctx) -> Reply:
    """Newest first, like GitHub; `status=failure|success` filters."""
    wanted = ctx.query.get("status")
    deliveries = sorted(ctx.state.deliveries.values(), key=lambda item: item.id, reverse=True)
    if wanted is not None:
        failed = wanted == "failure"
        deliveries = [item for item in deliveries if (not 200 <= item.status_code < 300) == failed]
    page, headers = paginate(ctx, deliveries)
    return Reply(200, [delivery_json(item) for item in page], headers)


@routes.route("POST", "/app/hook/deliveries/{delivery_id}/attempts", auth="jwt")
def redeliver(ctx: Ctx) -> Reply:
    delivery_id = ctx.int_param("delivery_id")
    if delivery_id not in ctx.state.deliveries:
        raise HttpError(404, "Not Found")
    ctx.state.redelivered.append(delivery_id)
    guid = ctx.state.deliveries[delivery_id].guid
    if ctx.state.hook_url is None or guid not in ctx.state.payloads:
        return Reply(202, {})
    state = ctx.state

    async def send() -> None:
        await post_later(state, guid)

    return Reply(202, {}, after=send)
