"""Installation tokens cached in Redis: every worker process shares one token per installation."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import redis

KEY = "lora-audit:github:token:{app_id}:{installation_id}"
# Drop a cached token this long before GitHub expires it, so no call starts with a dying token.
EXPIRY_MARGIN_SECONDS = 300
TOKEN_TIME_FORMAT = "%Y-%m-%dT%H:%M:%SZ"  # GitHub's `expires_at`


class InstallationTokens:
    """`get()` answers from Redis or asks `create(installation_id) -> (token, expires_at)`."""

    def __init__(
        self,
        client: redis.Redis,
        app_id: int,
        create: Callable[[int], tuple[str, str]],
    ) -> None:
        self._redis = client
        self._app_id = app_id
        self._create = create

    def _key(self, installation_id: int) -> str:
        return KEY.format(app_id=self._app_id, installation_id=installation_id)

    def get(self, installation_id: int) -> str:
        cached = self._redis.get(self._key(installation_id))
        if isinstance(cached, bytes):
            return cached.decode()
        token, expires_at = self._create(installation_id)
        ttl = self._seconds_until(expires_at) - EXPIRY_MARGIN_SECONDS
        if ttl > 0:
            self._redis.set(self._key(installation_id), token, ex=int(ttl))
        return token

    def forget(self, installation_id: int) -> None:
        """After a 401: the token was revoked or expired early; the next `get()` makes a new one."""
        self._redis.delete(self._key(installation_id))

    @staticmethod
    def _seconds_until(expires_at: str) -> float:
        try:
            moment = datetime.strptime(expires_at, TOKEN_TIME_FORMAT).replace(tzinfo=UTC)
        except ValueError:
            return 0.0  # unknown expiry: use it once, never cache it
        return (moment - datetime.now(UTC)).total_seconds()
