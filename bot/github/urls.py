"""Where a GitHub lives on the web, from its API base URL: github.com or GitHub Enterprise Server.

`https://api.github.com` is served by `https://github.com`; a GitHub Enterprise Server's API is
`https://HOST/api/v3` and its pages are `https://HOST`. Any other base (a local stand-in) serves
both from the same address.
"""

from __future__ import annotations

from urllib.parse import quote, urlsplit

DOTCOM_API = "https://api.github.com"
DOTCOM_WEB = "https://github.com"
GHES_API_PATH = "/api/v3"


def web_url(api_url: str) -> str:
    """The web address of the GitHub whose REST API is at `api_url` (no trailing slash)."""
    api = api_url.rstrip("/")
    if api == DOTCOM_API:
        return DOTCOM_WEB
    return api.removesuffix(GHES_API_PATH)


def new_app_url(web: str, organization: str | None = None) -> str:
    """Where a manifest is posted to register a GitHub App (for an organisation if named)."""
    if organization:
        return f"{web}/organizations/{quote(organization, safe='')}/settings/apps/new"
    return f"{web}/settings/apps/new"


def install_url(web: str, slug: str) -> str:
    """The page that installs the App with this slug on accounts and repositories."""
    return f"{web}/apps/{quote(slug, safe='')}/installations/new"


def git_url_template(web: str) -> str:
    """LORA_AUDIT_GIT_URL_TEMPLATE for this GitHub (the token goes in a header, never stored)."""
    parts = urlsplit(web)
    return f"{parts.scheme}://x-access-token:{{token}}@{parts.netloc}/{{owner}}/{{repo}}.git"


def blob_url(web: str, repo: str, sha: str, path: str, line: int | None = None) -> str:
    """A link to `path` (at `line`) of `repo` as of commit `sha`; every unsafe character quoted."""
    owner, _, name = repo.partition("/")
    url = f"{web}/{quote(owner, safe='')}/{quote(name, safe='')}/blob/{quote(sha, safe='')}"
    url += f"/{quote(path, safe='/')}"
    return f"{url}#L{line}" if line and line > 0 else url
