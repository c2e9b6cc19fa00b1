"""The GitHub layer against the stand-in, through real githubkit and a real Redis."""

from __future__ import annotations

import pytest

from bot.github import GitHubApp, RepoOps
from tests.standin import GitHubStandIn

REPO = "octo/demo"
INSTALLATION = 7
SHA = "a" * 40


@pytest.fixture
def app(github_standin: GitHubStandIn, redis_url: str) -> GitHubApp:
    github_standin.add_repo(REPO, installation_id=INSTALLATION)
    return GitHubApp(github_standin.settings(redis_url=redis_url))


@pytest.fixture
def ops(app: GitHubApp) -> RepoOps:
    return app.repo(INSTALLATION, REPO)
