"""The App's GitHub layer on githubkit: clients, errors for the workers, idempotent operations."""

from bot.github.checks import ANNOTATIONS_PER_CALL, CHECK_RUN_NAME
from bot.github.client import GitHubApp
from bot.github.errors import GitHubCallFailed, GitHubError, RetryLater
from bot.github.ops import RepoOps

__all__ = [
    "ANNOTATIONS_PER_CALL",
    "CHECK_RUN_NAME",
    "GitHubApp",
    "GitHubCallFailed",
    "GitHubError",
    "RepoOps",
    "RetryLater",
]
