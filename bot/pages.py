"""The App's few HTML pages: `GET /` (what this is, how to install it, the badge) and the page
GitHub sends people to after they install the App (`setup_url`, `GET /installed`)."""

from __future__ import annotations

import logging
from html import escape

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import HTMLResponse

from bot.github.urls import install_url, web_url
from bot.manifest import SETUP_PATH
from bot.render.badge import badge_markdown
from bot.settings import Settings

log = logging.getLogger(__name__)
ABOUT = (
    "lora-audit checks every push and pull request for vLLM drivers that reuse one "
    "<code>lora_int_id</code> for several adapters: vLLM caches adapters by that id alone, so "
    "such a loop silently serves the weights it loaded first. It reads the code and never runs "
    "it, posts a check run with the lines to change, and stays quiet when there is nothing to say."
)
STYLE = (
    "body{font:16px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem}"
    "pre{background:#f6f8fa;padding:.75rem;overflow-x:auto}code{background:#f6f8fa}"
    ".button{display:inline-block;padding:.5rem 1rem;background:#1f883d;color:#fff;"
    "border:0;border-radius:6px;text-decoration:none;font-size:1rem;cursor:pointer}"
)


def html_page(title: str, body: str, status_code: int = 200) -> HTMLResponse:
    document = (
        f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head>"
        f"<body><h1>{escape(title)}</h1>{body}</body></html>"
    )
    headers = {"Cache-Control": "no-store", "X-Frame-Options": "DENY"}
    return HTMLResponse(document, status_code=status_code, headers=headers)


def public_url(request: Request, configured: str | None) -> str:
    """LORA_AUDIT_PUBLIC_URL, else the address this request reached."""
    return configured or str(request.base_url).rstrip("/")


def badge_section(base: str) -> str:
    snippet = badge_markdown(base, "OWNER/REPO")
    return (
        "<h2>Badge</h2><p>The default branch's status, for a repository's README (replace "
        f"OWNER/REPO):</p><pre>{escape(snippet)}</pre>"
    )


def _slug(request: Request) -> str | None:
    """The App's slug (cached), for its install link; None when GitHub cannot say now."""
    state = request.app.state
    cached: str | None = getattr(state, "app_slug", None)
    if cached is not None:
        return cached
    from bot.github import GitHubApp, GitHubError

    try:
        login = GitHubApp(state.settings, state.redis).bot_login()
    except GitHubError as exc:  # GitHub or Redis unavailable, or the App is not found
        log.warning("the App's slug is unknown for now: %s", exc)
        return None
    state.app_slug = login.removesuffix("[bot]")
    return str(state.app_slug)


async def home(request: Request) -> HTMLResponse:
    """`GET /`: what this App is, how to install it, and the badge snippet."""
    settings: Settings = request.app.state.settings
    base = public_url(request, settings.public_url)
    slug = await run_in_threadpool(_slug, request)
    if slug:
        link = install_url(web_url(settings.github_api_url), slug)
        install = (
            f'<p><a class="button" href="{escape(link)}">Install lora-audit</a> on an account '
            "or organisation, for all or some of its repositories.</p>"
        )
    else:
        install = "<p>Install it from the App's page on GitHub (GitHub is not answering now).</p>"
    body = (
        f"<p>{ABOUT}</p><h2>Install</h2>{install}{badge_section(base)}"
        "<h2>Settings</h2><p>Each repository can add <code>.github/lora-audit.yml</code>, e.g. "
        "<code>comment: on-findings | always | never</code> for the pull-request comment.</p>"
    )
    return html_page("lora-audit", body)


async def setup_home(request: Request) -> HTMLResponse:
    """`GET /` before the App exists: point at the setup."""
    body = (
        f"<p>{ABOUT}</p><p>This deployment has no GitHub App yet.</p>"
        f'<p><a class="button" href="{SETUP_PATH}">Register the GitHub App</a></p>'
    )
    return html_page("lora-audit", body)


async def installed(request: Request) -> HTMLResponse:
    """`GET /installed` (`setup_url`): GitHub sends people here after they install the App."""
    settings: Settings | None = getattr(request.app.state, "settings", None)
    base = public_url(request, settings.public_url if settings is not None else None)
    body = (
        "<p>lora-audit is installed. It sweeps the repositories you chose now, so their badges "
        "exist, then audits every push and pull request. A pull request gets a check run, and a "
        "comment only when it adds, fixes or clouds a finding.</p>"
        f"{badge_section(base)}"
    )
    return html_page("lora-audit is installed", body)
