"""Registering the App from its manifest, served by the App itself (as probot does).

1. `GET /setup` answers a page whose form posts `app.yml` (its URLs pointed here) to GitHub's
   `settings/apps/new` (an organisation's with `?organization=ORG`; GitHub Enterprise Server's
   when LORA_AUDIT_GITHUB_API_URL is `https://HOST/api/v3`), with a one-time `state` token.
2. GitHub shows the App, the person confirms, and GitHub sends the browser to `redirect_url`,
   `GET /setup/callback?code=...&state=...`.
3. The callback checks the token (a forged or replayed link does nothing), exchanges the code
   (`POST /app-manifests/{code}/conversions`, valid for an hour) and writes the App's id, private
   key and webhook secret where the deployment reads them (`bot.setup_files`), never over an
   existing configuration. Restarted, `lora-audit` runs as the new App.

Once an App is configured, both routes only say so: they never register a second one.
"""

from __future__ import annotations

import json
import logging
import re
import secrets
import threading
import time
from collections.abc import Callable
from html import escape
from pathlib import Path
from urllib.parse import urlencode

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Route

from bot.github.urls import new_app_url, web_url
from bot.health import healthz
from bot.manifest import CALLBACK_PATH, INSTALLED_PATH, SETUP_PATH, manifest_for
from bot.pages import html_page, installed, public_url, setup_home
from bot.settings import SetupSettings, app_is_configured, env_file_path
from bot.setup_files import ExistingConfiguration, Registration, check_free, write_registration

log = logging.getLogger(__name__)
STATE_TTL_SECONDS = 3600.0  # GitHub's code is valid for an hour too
MAX_PENDING = 100
_ORGANIZATION = re.compile(r"^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$")
_CODE = re.compile(r"^[A-Za-z0-9_-]{1,200}$")  # it goes into an API path: nothing else passes
EXCHANGE_TIMEOUT_SECONDS = 30.0


class StateTokens:
    """One-time tokens for the manifest round trip (the CSRF guard of the callback)."""

    def __init__(self, ttl: float = STATE_TTL_SECONDS) -> None:
        self.ttl = ttl
        self._issued: dict[str, float] = {}
        self._lock = threading.Lock()

    def issue(self) -> str:
        token = secrets.token_urlsafe(32)
        now = time.monotonic()
        with self._lock:
            self._issued = {t: at for t, at in self._issued.items() if now - at < self.ttl}
            while len(self._issued) >= MAX_PENDING:
                self._issued.pop(next(iter(self._issued)))
            self._issued[token] = now
        return token

    def take(self, token: str) -> bool:
        """True once for a token this process issued within the last hour."""
        with self._lock:
            issued = self._issued.pop(token, None)
        return issued is not None and time.monotonic() - issued < self.ttl


def already_registered(request: Request) -> HTMLResponse:
    """`/setup` and its callback once an App is configured: say so, change nothing."""
    body = (
        "<p>This deployment already runs as a GitHub App (its settings are in the environment "
        f"or in <code>{escape(str(env_file_path()))}</code>). Nothing was changed.</p>"
        "<p>To register a different App, stop lora-audit, move those settings and the private "
        "key away, and start it again: <code>/setup</code> is offered whenever no App is "
        "configured.</p>"
    )
    return html_page("Already registered", body, status_code=409)


def _exchange(api_url: str, code: str) -> Registration:
    """`POST /app-manifests/{code}/conversions` (no authentication: the code is the proof)."""
    from githubkit import GitHub

    github = GitHub(
        base_url=api_url, timeout=EXCHANGE_TIMEOUT_SECONDS, http_cache=False, auto_retry=False
    )
    app = github.rest.apps.create_from_manifest(code).parsed_data
    if not app.webhook_secret:
        raise ValueError("GitHub returned no webhook secret (is the manifest's hook active?)")
    return Registration(
        app_id=app.id,
        name=app.name,
        slug=app.slug or None,
        html_url=app.html_url,
        pem=app.pem,
        webhook_secret=app.webhook_secret,
    )


class SetupFlow:
    """The two routes of the manifest flow, for one deployment."""

    def __init__(
        self, settings: SetupSettings, *, configured: Callable[[], bool] = app_is_configured
    ) -> None:
        self.settings = settings
        self.configured = configured
        self.tokens = StateTokens()

    def page(self, request: Request) -> HTMLResponse:
        """`GET /setup[?organization=ORG]`: the form that registers the App on GitHub."""
        if self.configured():
            return already_registered(request)
        try:  # refuse before GitHub creates an App whose settings could not be saved
            check_free(self.settings.env_file)
        except ExistingConfiguration as exc:
            return self._existing(str(exc))
        organization = request.query_params.get("organization") or None
        if organization is not None and not _ORGANIZATION.match(organization):
            return html_page("Register lora-audit", "<p>That is not an organisation name.</p>", 400)
        base = public_url(request, self.settings.public_url)
        manifest = manifest_for(base)
        web = web_url(self.settings.github_api_url)
        action = f"{new_app_url(web, organization)}?{urlencode({'state': self.tokens.issue()})}"
        owner = f"the organisation <b>{escape(organization)}</b>" if organization else "you"
        warning = (
            ""
            if base.startswith("https://")
            else f"<p><b>Note:</b> GitHub will send webhooks to <code>{escape(base)}/webhooks"
            "</code>; set <code>LORA_AUDIT_PUBLIC_URL</code> to this deployment's public "
            "https:// address if GitHub cannot reach that.</p>"
        )
        body = (
            f"<p>This registers a GitHub App owned by {owner} on <code>{escape(web)}</code>, "
            f"with the permissions and events of <code>app.yml</code>, delivering webhooks to "
            f"<code>{escape(base)}/webhooks</code>.</p>{warning}"
            f'<form action="{escape(action)}" method="post">'
            f'<input type="hidden" name="manifest" value="{escape(json.dumps(manifest))}">'
            '<button class="button" type="submit">Register on GitHub</button></form>'
            f'<form action="{SETUP_PATH}" method="get"><p>For an organisation instead: '
            '<input name="organization" placeholder="organisation" required> '
            '<button type="submit">Use it</button></p></form>'
        )
        return html_page("Register lora-audit", body)

    def callback(self, request: Request) -> HTMLResponse:
        """`GET /setup/callback?code=&state=`: exchange the code and save the App's settings."""
        if self.configured():
            return already_registered(request)
        if not self.tokens.take(request.query_params.get("state", "")):
            body = (
                "<p>This link was not issued by this server, was used already, or is more than "
                f'an hour old. Nothing was changed. <a href="{SETUP_PATH}">Start again</a>.</p>'
            )
            return html_page("Setup link not valid", body, status_code=403)
        code = request.query_params.get("code", "")
        if not _CODE.match(code):
            return html_page("Setup failed", "<p>GitHub's answer carried no valid code.</p>", 400)
        env_file = self.settings.env_file
        try:
            check_free(env_file)
        except ExistingConfiguration as exc:
            return self._existing(str(exc))
        try:
            registration = _exchange(self.settings.github_api_url, code)
        except Exception as exc:  # any failure of the exchange: say so, write nothing
            log.warning("manifest code exchange failed: %s", exc)
            body = (
                "<p>GitHub did not accept the code (it is valid for one hour and only once). "
                f'Nothing was written. <a href="{SETUP_PATH}">Start again</a>.</p>'
            )
            return html_page("Setup failed", body, status_code=502)
        try:
            written = write_registration(
                registration,
                env_file,
                api_url=self.settings.github_api_url,
                public_url=self.settings.public_url or public_url(request, None),
            )
        except ExistingConfiguration as exc:
            return self._existing(str(exc), registered=registration)
        log.info("registered GitHub App %d (%s)", registration.app_id, registration.html_url)
        return self._done(registration, written.env_file, written.key_file)

    def _existing(self, where: str, registered: Registration | None = None) -> HTMLResponse:
        lost = (
            f'<p>The App <a href="{escape(registered.html_url)}">{escape(registered.name)}</a> '
            "was registered on GitHub, but its settings were not saved: generate a private key "
            "on its settings page, or delete it and start again.</p>"
            if registered is not None
            else ""
        )
        body = (
            f"<p>A configuration exists already at <code>{escape(where)}</code>; it was not "
            f"overwritten. Move it away to register a new App.</p>{lost}"
        )
        return html_page("A configuration exists already", body, status_code=409)

    def _done(self, registration: Registration, env_file: Path, key: Path) -> HTMLResponse:
        install = f"{registration.html_url.rstrip('/')}/installations/new"
        body = (
            f"<p>The GitHub App <b>{escape(registration.name)}</b> (id {registration.app_id}) is "
            "registered. Its settings were saved, readable by this account only:</p><ul>"
            f"<li><code>{escape(str(env_file))}</code>: the App id and webhook secret</li>"
            f"<li><code>{escape(str(key))}</code>: the private key</li></ul>"
            "<p>Next: restart lora-audit (the web app, the workers and beat) so that it runs "
            f'as the new App, then <a class="button" href="{escape(install)}">install it</a> '
            "on the repositories to audit. The first check run comes with the next push or "
            "pull request.</p>"
        )
        return html_page("lora-audit is registered", body)


def setup_routes(flow: SetupFlow) -> list[Route]:
    return [
        Route(SETUP_PATH, flow.page, methods=["GET"]),
        Route(CALLBACK_PATH, flow.callback, methods=["GET"]),
    ]


def create_setup_app(settings: SetupSettings) -> Starlette:
    """What `lora-audit serve` runs while no App is configured: `/`, the setup, `/healthz`."""

    flow = SetupFlow(settings)
    routes = [
        Route("/", setup_home, methods=["GET"]),
        *setup_routes(flow),
        Route(INSTALLED_PATH, installed, methods=["GET"]),
        Route("/healthz", healthz, methods=["GET"]),
    ]
    app = Starlette(routes=routes)
    app.state.setup = flow
    return app
