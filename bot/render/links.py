"""Links from the App's texts to the audited files: a path links to its line at a commit."""

from __future__ import annotations

from dataclasses import dataclass

from bot.github.urls import blob_url, web_url
from bot.render.inert import code


@dataclass(frozen=True)
class RepoLinks:
    """The repository on the web (`web` from `bot.github.urls.web_url`, `repo` as owner/name)."""

    web: str
    repo: str

    @classmethod
    def for_api(cls, api_url: str, repo: str) -> RepoLinks:
        """`repo` on the GitHub whose API is at `api_url` (LORA_AUDIT_GITHUB_API_URL)."""
        return cls(web_url(api_url), repo)

    def blob(self, sha: str, path: str, line: int | None = None) -> str:
        return blob_url(self.web, self.repo, sha, path, line)


def location(
    path: str,
    line: int | None,
    *,
    links: RepoLinks | None,
    sha: str | None,
    in_table: bool = True,
) -> str:
    """`path:line` as an inert code span, linked to the file at `sha` when links are known.

    The link text is a code span (nothing in a path can leave it) and the URL is percent-quoted
    by us, so a hostile path can neither end the link nor point it elsewhere.
    """
    label = code(f"{path}:{line}" if line else path, in_table=in_table)
    if links is None or not sha:
        return label
    return f"[{label}]({links.blob(sha, path, line)})"
