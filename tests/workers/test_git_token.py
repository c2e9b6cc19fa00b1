"""The installation token over real HTTP: it reaches the configured git host and nothing else.

A loopback smart-HTTP server (`git http-backend`) requires the token; a second loopback address
(127.0.0.2) plays the host a redirect points at, and records every header it receives.
"""

from __future__ import annotations

import base64
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.support.git_http import GitHttpServer, basic_token, git_http_server
from tests.workers.remotes import Remotes
from workers.repo_cache import FetchError, RepoCache

TOKEN = "ghs_L00pbackInstallationToken42"
OTHER_HOST = "127.0.0.2"  # the whole 127/8 is loopback on Linux


@pytest.fixture
def served(remotes: Remotes) -> str:
    repo = remotes.create("octo/private")
    first = repo.commit("first", {"a.py": "x = 1\n"})
    remotes.push(repo)
    return first


@pytest.fixture
def elsewhere(remotes: Remotes) -> Iterator[GitHttpServer]:
    """Another host serving the same repositories to anyone: a redirect target that would work."""
    with git_http_server(remotes.served, lambda token: True, host=OTHER_HOST) as server:
        yield server


def _carried_token(server: GitHttpServer) -> list[str]:
    return [seen.path for seen in server.requests() if basic_token(seen.authorization) is not None]


def test_the_token_authenticates_over_http_and_is_never_stored(
    remotes: Remotes, served: str, tmp_path: Path
) -> None:
    with git_http_server(remotes.served, lambda token: token == TOKEN) as host:
        cache = RepoCache(tmp_path / "cache", host.url_template)
        mirror = cache.sync("octo", "private", TOKEN, want=[served])
        requests = host.requests()
        with pytest.raises(FetchError, match="fetching octo/private failed"):
            RepoCache(tmp_path / "other", host.url_template).sync("octo", "private", "ghs_wrong")

    assert mirror.has_commit(served)
    assert requests
    assert all(basic_token(seen.authorization) == TOKEN for seen in requests)
    encoded = base64.b64encode(f"x-access-token:{TOKEN}".encode())
    for path in cache.root.rglob("*"):
        if path.is_file():
            assert TOKEN.encode() not in path.read_bytes(), path
            assert encoded not in path.read_bytes(), path


@pytest.mark.parametrize("status", [301, 302, 307])
def test_a_redirect_to_another_host_never_receives_the_token(
    remotes: Remotes, served: str, elsewhere: GitHttpServer, tmp_path: Path, status: int
) -> None:
    with git_http_server(
        remotes.served, lambda token: token == TOKEN, redirect_to=elsewhere.url
    ) as host:
        host.redirect_status = status
        cache = RepoCache(tmp_path / "cache", host.url_template)
        with pytest.raises(FetchError, match=f"redirect \\(HTTP {status}\\)") as caught:
            cache.sync("octo", "private", TOKEN, want=[served])

    assert caught.value.permanent
    assert TOKEN not in str(caught.value)
    assert [seen.status for seen in host.requests()] == [status]
    assert _carried_token(elsewhere) == []
    assert elsewhere.requests() == []  # not followed at all
