"""What every task needs (settings, GitHub, Redis, the mirror cache), made once per process.

Made lazily in the process that runs tasks: a prefork pool child must not inherit its parent's
sockets, so nothing here exists until the first task asks, and a fork starts afresh.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import redis

from bot.github import GitHubApp
from bot.settings import Settings, get_settings
from workers.ledger import Ledger
from workers.markers import Markers
from workers.repo_cache import RepoCache
from workers.tuning import WorkerTuning, get_tuning


@dataclass(frozen=True)
class Services:
    settings: Settings
    tuning: WorkerTuning
    redis: redis.Redis
    github: GitHubApp
    cache: RepoCache
    markers: Markers
    ledger: Ledger

    @classmethod
    def from_environment(cls) -> Services:
        settings = get_settings()
        tuning = get_tuning()
        client = redis.Redis.from_url(
            settings.redis_url, socket_timeout=10, socket_connect_timeout=5
        )
        cache = RepoCache(
            settings.cache_dir,
            settings.git_url_template,
            fetch_timeout=tuning.fetch_timeout,
            fetch_max_bytes=tuning.fetch_max_bytes,
            lock_timeout=tuning.lock_timeout,
        )
        return cls(
            settings=settings,
            tuning=tuning,
            redis=client,
            github=GitHubApp(settings, client),
            cache=cache,
            markers=Markers(client),
            ledger=Ledger(client),
        )


_BY_PROCESS: dict[int, Services] = {}


def services() -> Services:
    """This process's services, made on first use (again after a fork)."""
    pid = os.getpid()
    if pid not in _BY_PROCESS:
        _BY_PROCESS.clear()  # a forked child must not reuse its parent's connections
        _BY_PROCESS[pid] = Services.from_environment()
    return _BY_PROCESS[pid]
