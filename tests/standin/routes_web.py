"""GitHub's side of the App manifest flow: the web page a manifest is posted to, and the API call
that turns the code it hands back into the new App's id, key and webhook secret.

`POST /settings/apps/new` (or an organisation's) is what the browser sends from the App's setup
page; GitHub would show the App and ask for a confirmation, the stand-in confirms at once and
redirects to the manifest's `redirect_url` with `code` and the `state` it was given.
`POST /app-manifests/{code}/conversions` answers once per code, as the new App (this stand-in's
App id and key, so the App can authenticate afterwards), and points the stand-in's webhook
deliveries at the manifest's hook URL with the new secret.
"""

from __future__ import annotations

import json
import secrets
from urllib.parse import parse_qs, urlencode

from starlette.requests import Request
from starlette.responses import JSONResponse, RedirectResponse, Response
from starlette.routing import Route

from tests.standin.bodies import app_json
from tests.standin.http import Ctx, HttpError, Reply, RouteTable
from tests.standin.state import ManifestPost, State

routes = RouteTable()
REQUIRED_KEYS = ("name", "url", "hook_attributes", "redirect_url")


def web_routes(state: State) -> list[Route]:
    """Browser routes (form posts, redirects), outside the JSON API plumbing."""

    async def new_app(request: Request) -> Response:
        form = parse_qs((await request.body()).decode())
        raw = form.get("manifest", [""])[0]
        try:
            manifest = json.loads(raw)
        except ValueError:
            return JSONResponse({"message": "Invalid manifest"}, status_code=422)
        missing = [key for key in REQUIRED_KEYS if key not in manifest]
        if missing or not isinstance(manifest, dict):
            return JSONResponse({"message": f"manifest lacks {missing}"}, status_code=422)
        code = secrets.token_hex(10)
        posted = ManifestPost(
            manifest=manifest,
            organization=request.path_params.get("organization"),
            state=request.query_params.get("state"),
            code=code,
        )
        with state.lock:
            state.manifests[code] = posted
        query = {"code": code} | ({"state": posted.state} if posted.state is not None else {})
        return RedirectResponse(f"{manifest['redirect_url']}?{urlencode(query)}", status_code=302)

    return [
        Route("/settings/apps/new", new_app, methods=["POST"]),
        Route("/organizations/{organization}/settings/apps/new", new_app, methods=["POST"]),
    ]


@routes.route("POST", "/app-manifests/{code}/conversions", auth="none")
def convert(ctx: Ctx) -> Reply:
    posted = ctx.state.manifests.get(ctx.params["code"])
    if posted is None or posted.converted:
        raise HttpError(404, "Not Found")
    posted.converted = True
    manifest = posted.manifest
    secret = secrets.token_hex(20)
    ctx.state.hook_url = manifest["hook_attributes"]["url"]
    ctx.state.hook_secret = secret
    web = ctx.api.removesuffix("/api/v3")
    body = app_json(ctx.state, ctx.api) | {
        "name": manifest["name"],
        "html_url": f"{web}/apps/{ctx.state.app_slug}",
        "external_url": manifest["url"],
        "permissions": manifest.get("default_permissions", {}),
        "events": manifest.get("default_events", []),
        "client_id": "Iv1.standin",
        "client_secret": secrets.token_hex(20),
        "webhook_secret": secret,
        "pem": ctx.state.private_pem,
    }
    return Reply(201, body)
