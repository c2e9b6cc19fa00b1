"""The App's GitHub clients on githubkit: JWT calls, and installation calls with a shared token.

Everything here is synchronous (githubkit's plain methods, redis-py's blocking client): a Celery
worker slot runs one task at a time, so there is nothing to overlap, and a plain call is simplest
to retry. githubkit never sleeps or retries on its own here (`auto_retry=False`, no HTTP cache):
a transient failure is raised as `RetryLater` for the task to reschedule itself.
"""

from __future__ import annotations

import os
import ssl
from collections.abc import Callable
from datetime import datetime
from functools import cache
from typing import TYPE_CHECKING, TypeVar

import certifi
import redis
from githubkit import AppAuthStrategy, BaseAuthStrategy, GitHub, TokenAuthStrategy
from githubkit.cache import MemCacheStrategy
from githubkit.exception import GitHubException, RequestFailed
from redis.backoff import NoBackoff
from redis.retry import Retry

from bot.github.deliveries import delivery_log, failed_deliveries
from bot.github.errors import foreign, redis_retry, translate
from bot.github.tokens import InstallationTokens
from bot.github.types import FailedDelivery, RepoInfo
from bot.settings import Settings

if TYPE_CHECKING:
    from bot.github.ops import RepoOps

T = TypeVar("T")
AS = TypeVar("AS", bound=BaseAuthStrategy)
AppClient = GitHub[AppAuthStrategy]
InstallationClient = GitHub[TokenAuthStrategy]
REQUEST_TIMEOUT_SECONDS = 30.0
SLUG_KEY = "lora-audit:github:app-slug:{app_id}"
SLUG_TTL_SECONDS = 24 * 3600


@cache
def _tls_context() -> ssl.SSLContext:
    """One verifying TLS context per process: githubkit builds an httpx client per call, and
    without this each one loads the CA bundle again (about 20 ms a call)."""
    return ssl.create_default_context(cafile=os.environ.get("SSL_CERT_FILE") or certifi.where())


def _translated(exc: GitHubException) -> BaseException:
    return foreign(exc) or translate(exc)


def _client(settings: Settings, auth: AS) -> GitHub[AS]:
    return GitHub(
        auth,
        base_url=settings.github_api_url,
        timeout=REQUEST_TIMEOUT_SECONDS,
        ssl_verify=_tls_context(),
        http_cache=False,
        auto_retry=False,
        # githubkit's default cache is one process-wide store; keep each client's JWT its own.
        cache_strategy=MemCacheStrategy(),
    )


class GitHubApp:
    """One per process (or per task): the App's identity, its Redis, and its clients."""

    def __init__(self, settings: Settings, redis_client: redis.Redis | None = None) -> None:
        self.settings = settings
        self.redis = redis_client or redis.Redis.from_url(
            settings.redis_url,
            socket_timeout=10,
            socket_connect_timeout=5,
            retry=Retry(NoBackoff(), 1),  # no backoff sleeps in a worker slot: RetryLater instead
        )
        self._app_client = _client(
            settings, AppAuthStrategy(settings.app_id, settings.private_key_pem)
        )
        self.tokens = InstallationTokens(self.redis, settings.app_id, self._create_token)
        self._bot_login: str | None = None

    # -- calls -----------------------------------------------------------------------------------
    def app_call(self, operation: Callable[[AppClient], T]) -> T:
        """Run `operation` with the JWT client; errors become RetryLater or GitHubCallFailed."""
        try:
            return operation(self._app_client)
        except GitHubException as exc:
            raise _translated(exc) from exc

    def installation_call(
        self, installation_id: int, operation: Callable[[InstallationClient], T]
    ) -> T:
        """Run `operation` as the installation. On 401 the cached token is dropped, a new one is
        made, and the operation runs once more; a second 401 is a GitHubCallFailed."""
        for attempt in (1, 2):
            token = self.installation_token(installation_id)
            client = _client(self.settings, TokenAuthStrategy(token))
            try:
                return operation(client)
            except RequestFailed as exc:
                if exc.response.status_code == 401 and attempt == 1:
                    with redis_retry("installation token"):
                        self.tokens.forget(installation_id)
                    continue
                raise _translated(exc) from exc
            except GitHubException as exc:
                raise _translated(exc) from exc
        raise AssertionError("unreachable")  # pragma: no cover

    def installation_token(self, installation_id: int) -> str:
        """A valid installation token (shared through Redis), e.g. for `git fetch`.

        Raises RetryLater (GitHub or Redis unavailable) or GitHubCallFailed (e.g. the App was
        uninstalled: 404)."""
        with redis_retry("installation token"):
            return self.tokens.get(installation_id)

    def _create_token(self, installation_id: int) -> tuple[str, str]:
        token = self.app_call(
            lambda gh: gh.rest.apps.create_installation_access_token(installation_id).parsed_data
        )
        return token.token, token.expires_at

    # -- the App itself --------------------------------------------------------------------------
    def bot_login(self) -> str:
        """`<slug>[bot]`: the author of the App's comments and issues."""
        if self._bot_login is None:
            key = SLUG_KEY.format(app_id=self.settings.app_id)
            with redis_retry("app slug"):
                cached = self.redis.get(key)
            if isinstance(cached, bytes):
                slug = cached.decode()
            else:
                app = self.app_call(lambda gh: gh.rest.apps.get_authenticated().parsed_data)
                slug = app.slug if app is not None and app.slug else str(self.settings.app_id)
                with redis_retry("app slug"):
                    self.redis.set(key, slug, ex=SLUG_TTL_SECONDS)
            self._bot_login = f"{slug}[bot]"
        return self._bot_login

    def list_installations(self) -> list[int]:
        """Ids of every installation of the App (for the weekly sweep)."""
        return self.app_call(
            lambda gh: [
                item.id for item in gh.rest.paginate(gh.rest.apps.list_installations, per_page=100)
            ]
        )

    def repo(self, installation_id: int, full_name: str) -> RepoOps:
        """Idempotent operations on one repository, as the installation."""
        from bot.github.ops import RepoOps

        return RepoOps(self, installation_id, full_name)

    def list_repositories(self, installation_id: int) -> list[RepoInfo]:
        """Every repository the installation can see (for the weekly sweep)."""
        return self.installation_call(
            installation_id,
            lambda gh: [
                RepoInfo(repo.full_name, repo.id, repo.default_branch, repo.private)
                for repo in gh.rest.paginate(
                    gh.rest.apps.list_repos_accessible_to_installation,
                    map_func=lambda response: response.parsed_data.repositories,
                    per_page=100,
                )
            ],
        )

    # -- webhook deliveries (for the recovery task) ----------------------------------------------
    def list_failed_deliveries(self, *, since: datetime | None = None) -> list[FailedDelivery]:
        """Deliveries (newest attempt per GUID) that never succeeded, delivered after `since`."""
        return self.app_call(
            lambda gh: failed_deliveries(
                gh.rest.paginate(gh.rest.apps.list_webhook_deliveries, per_page=100), since=since
            )
        )

    def delivery_log(
        self, *, since: datetime | None = None
    ) -> tuple[list[FailedDelivery], list[FailedDelivery]]:
        """(failed, accepted) deliveries since `since`, newest attempt per GUID (one listing)."""
        return self.app_call(
            lambda gh: delivery_log(
                gh.rest.paginate(gh.rest.apps.list_webhook_deliveries, per_page=100), since=since
            )
        )

    def redeliver(self, delivery_id: int) -> None:
        """Ask GitHub to post delivery `delivery_id` to the App's webhook URL again."""
        self.app_call(lambda gh: gh.rest.apps.redeliver_webhook_delivery(delivery_id))
