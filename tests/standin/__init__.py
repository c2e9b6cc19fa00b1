"""A local GitHub REST API stand-in for tests; see `server.GitHubStandIn`."""

from tests.standin.server import APP_ID, APP_SLUG, GitHubStandIn

__all__ = ["APP_ID", "APP_SLUG", "GitHubStandIn"]
