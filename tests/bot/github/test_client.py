"""Installation tokens: shared through Redis, refreshed after a 401, not cached when short-lived."""

from __future__ import annotations

import ssl

import pytest
import redis
from githubkit import TokenAuthStrategy

from bot.github import GitHubApp, GitHubCallFailed, RepoOps
from bot.github.tokens import EXPIRY_MARGIN_SECONDS
from tests.bot.github.conftest import INSTALLATION, REPO
from tests.standin import GitHubStandIn


def test_token_is_shared_by_every_client_through_redis(
    app: GitHubApp, github_standin: GitHubStandIn, redis_url: str
) -> None:
    other = GitHubApp(github_standin.settings(redis_url=redis_url))  # another worker process
    assert app.repo(INSTALLATION, REPO).get_repository().full_name == REPO
    assert other.repo(INSTALLATION, REPO).get_repository().default_branch == "main"
    assert github_standin.tokens_issued == 1
    assert other.installation_token(INSTALLATION) == app.installation_token(INSTALLATION)
    ttl = redis.Redis.from_url(redis_url).ttl(f"lora-audit:github:token:4242:{INSTALLATION}")
    assert 3600 - EXPIRY_MARGIN_SECONDS - 10 < ttl <= 3600 - EXPIRY_MARGIN_SECONDS
    token_calls = github_standin.calls("POST", r"/access_tokens$")
    assert [call.auth for call in token_calls] == ["jwt"]
    assert {call.auth for call in github_standin.calls("GET", f"^/repos/{REPO}$")} == {"token"}


def test_a_token_about_to_expire_is_not_cached(
    app: GitHubApp, ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    github_standin.set_token_lifetime(EXPIRY_MARGIN_SECONDS - 60)
    ops.get_repository()
    ops.get_repository()
    assert github_standin.tokens_issued == 2


def test_revoked_token_is_dropped_and_replaced_once(
    ops: RepoOps, github_standin: GitHubStandIn
) -> None:
    ops.get_repository()
    github_standin.revoke_tokens()
    assert ops.get_repository().full_name == REPO
    assert github_standin.tokens_issued == 2
    statuses = [call.status for call in github_standin.calls("GET", f"^/repos/{REPO}$")]
    assert statuses == [200, 401, 200]


def test_a_second_401_is_final(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    github_standin.expire_next(times=2, method="GET", path=f"^/repos/{REPO}$")
    with pytest.raises(GitHubCallFailed) as caught:
        ops.get_repository()
    assert caught.value.status == 401
    assert github_standin.tokens_issued == 2


def test_app_identity_and_installations(app: GitHubApp, github_standin: GitHubStandIn) -> None:
    github_standin.add_repo("octo/other", installation_id=INSTALLATION, private=True)
    github_standin.add_repo("else/where", installation_id=8)
    assert app.bot_login() == "lora-audit-test[bot]"
    assert app.bot_login() == "lora-audit-test[bot]"
    assert len(github_standin.calls("GET", "^/app$")) == 1
    assert app.list_installations() == [INSTALLATION, 8]
    repos = app.list_repositories(INSTALLATION)
    assert [(repo.full_name, repo.private) for repo in repos] == [
        (REPO, False),
        ("octo/other", True),
    ]


@pytest.mark.parametrize("add_installation", [True, False], ids=["other-installation", "unknown"])
def test_repository_of_another_installation_is_not_found(
    app: GitHubApp, github_standin: GitHubStandIn, add_installation: bool
) -> None:
    if add_installation:
        github_standin.add_installation(INSTALLATION + 1, "someone")
    with pytest.raises(GitHubCallFailed) as caught:
        app.repo(INSTALLATION + 1, REPO).get_repository()
    assert caught.value.status == 404


def test_every_client_shares_one_verifying_tls_context(monkeypatch: pytest.MonkeyPatch) -> None:
    """The CA bundle is loaded once per process, not once per API call, and still verifies."""
    from bot.github.client import _client, _tls_context
    from bot.settings import Settings

    monkeypatch.setenv("LORA_AUDIT_APP_ID", "1")
    monkeypatch.setenv("LORA_AUDIT_PRIVATE_KEY", "pem")
    monkeypatch.setenv("LORA_AUDIT_WEBHOOK_SECRET", "s")
    settings = Settings()
    first = _client(settings, TokenAuthStrategy("a")).config.ssl_verify
    second = _client(settings, TokenAuthStrategy("b")).config.ssl_verify
    assert first is second is _tls_context()
    assert isinstance(first, ssl.SSLContext)
    assert first.verify_mode is ssl.CERT_REQUIRED
    assert first.check_hostname
