"""`POST /webhooks`: verify, read leniently, answer `ping`, dispatch, enqueue, answer quickly.

Nothing here sleeps, clones or audits. Before a delivery is authenticated it costs little and
briefly: a request without a plausible signature is refused before its body is read; a body
must arrive within `body_timeout` (408 otherwise); all bodies being read share one byte budget,
and past it (or past `max_bodies` bodies at once) a delivery is refused with 503, which GitHub
records as failed and the recovery redelivers. The HMAC is computed while the body streams in.
Enqueueing runs in a bounded number of threads and is answered within `enqueue_timeout`
whatever Redis does (503 when it does not answer in time).
"""

from __future__ import annotations

import contextlib
import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

import anyio
import anyio.to_thread
from pydantic import ValidationError
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from bot.queue import JobQueue, QueueUnavailable
from bot.routing import Delivery, Router
from bot.signature import SignatureCheck, plausible_header

MAX_BODY_BYTES = 25 * 1024 * 1024  # GitHub caps payloads at 25 MB
log = logging.getLogger(__name__)
T = TypeVar("T")


@dataclass(frozen=True)
class ReceiverLimits:
    """What one web process spends on deliveries it has not authenticated yet, and on Redis."""

    max_body_bytes: int = MAX_BODY_BYTES
    body_timeout: float = 10.0  # GitHub itself gives up on a delivery after 10 s
    buffered_bytes: int = 64 * 1024 * 1024  # all bodies being read, together
    max_bodies: int = 256  # bodies being read at once
    enqueue_timeout: float = 3.0  # seconds to wait for Redis before answering 503
    enqueues_in_flight: int = 32  # threads talking to Redis at once


class Budget:
    """A thread-safe allowance (bytes or slots): `take` succeeds only while it lasts."""

    def __init__(self, total: int) -> None:
        self.total = total
        self.used = 0
        self._lock = threading.Lock()

    def take(self, amount: int) -> bool:
        with self._lock:
            if self.used + amount > self.total:
                return False
            self.used += amount
            return True

    def give(self, amount: int) -> None:
        with self._lock:
            self.used -= amount


class _Held:
    """The part of a byte budget one request holds; it only grows until released."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.amount = 0

    def grow_to(self, amount: int) -> bool:
        if amount <= self.amount:
            return True
        if not self.budget.take(amount - self.amount):
            return False
        self.amount = amount
        return True

    def release(self) -> None:
        self.budget.give(self.amount)
        self.amount = 0


class _Refused(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


class WebhookReceiver:
    def __init__(
        self,
        *,
        secret: bytes,
        router: Router,
        queue: JobQueue,
        limits: ReceiverLimits | None = None,
    ) -> None:
        self.secret = secret
        self.router = router
        self.queue = queue
        self.limits = limits or ReceiverLimits()
        self._bytes = Budget(self.limits.buffered_bytes)
        self._bodies = Budget(self.limits.max_bodies)
        self._enqueues = Budget(self.limits.enqueues_in_flight)
        self._redis_threads = anyio.CapacityLimiter(self.limits.enqueues_in_flight)

    async def receive(self, request: Request) -> JSONResponse:
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                return _answer(400, "invalid Content-Length")
            if int(declared) > self.limits.max_body_bytes:
                return _answer(413, "payload over 25 MiB")
        signature = request.headers.get("x-hub-signature-256")
        if not plausible_header(signature):
            return _answer(401, "missing or wrong X-Hub-Signature-256")
        if not self._bodies.take(1):
            return _answer(503, "too many deliveries at once; please redeliver")
        held = _Held(self._bytes)
        try:
            if not held.grow_to(int(declared) if declared is not None else 0):
                return _answer(503, "too many deliveries at once; please redeliver")
            body = await self._read(request, signature, held)
            return await self._accept(request, body)
        except _Refused as refused:
            return _answer(refused.status, refused.message)
        finally:
            held.release()
            self._bodies.give(1)

    async def _read(self, request: Request, signature: str | None, held: _Held) -> bytes:
        """The authenticated body; `held` grows with it (the caller releases it).

        Raises _Refused: 408 too slow, 413 too big, 503 over the budget, 401 bad signature.
        """
        check = SignatureCheck(self.secret)
        chunks: list[bytes] = []
        size = 0
        try:
            with anyio.fail_after(self.limits.body_timeout):
                async for chunk in request.stream():
                    size += len(chunk)
                    if size > self.limits.max_body_bytes:
                        raise _Refused(413, "payload over 25 MiB")
                    if not held.grow_to(size):
                        raise _Refused(503, "too many deliveries at once; please redeliver")
                    check.update(chunk)
                    chunks.append(chunk)
        except TimeoutError:
            timeout = self.limits.body_timeout
            raise _Refused(408, f"body not received within {timeout:g}s") from None
        except ClientDisconnect:
            raise _Refused(400, "client disconnected") from None
        if not check.matches(signature):
            raise _Refused(401, "missing or wrong X-Hub-Signature-256")
        return b"".join(chunks)

    async def _accept(self, request: Request, body: bytes) -> JSONResponse:
        event = request.headers.get("x-github-event", "").strip()
        delivery_id = request.headers.get("x-github-delivery", "").strip()
        if not event or not delivery_id:
            return _answer(400, "X-GitHub-Event and X-GitHub-Delivery are required")
        try:
            payload = json.loads(body)
        except (ValueError, RecursionError):
            return _answer(400, "body is not JSON")
        if not isinstance(payload, dict):
            return _answer(400, "body is not a JSON object")
        if _holds_lone_surrogate(payload):
            # `"\ud800"` is valid JSON but not Unicode text: GitHub never sends it, and nothing
            # downstream (UTF-8 logs, responses, Redis) could carry it.
            return _answer(400, "body holds a lone surrogate escape: not Unicode text")
        return await self._dispatch(Delivery(event=event, delivery_id=delivery_id, payload=payload))

    async def _dispatch(self, delivery: Delivery) -> JSONResponse:
        extra = {"delivery_id": delivery.delivery_id, "event": delivery.event}
        if delivery.event == "ping":
            return _answer(200, "pong")
        handler = self.router.handler_for(delivery)
        if handler is None:
            return _answer(202, f"{delivery.event}.{delivery.action} is not handled", queued=0)
        installation_id = delivery.installation_id
        if installation_id is None:
            log.warning("delivery without an installation id; nothing to act as", extra=extra)
            await self._remember(delivery.delivery_id)
            return _answer(202, "no installation id; nothing queued", queued=0)
        try:
            jobs = handler(delivery, installation_id)
        except ValidationError as exc:
            fields = sorted({".".join(map(str, item["loc"])) for item in exc.errors()})
            return _answer(400, f"malformed {delivery.event} payload: {', '.join(fields)}")
        if not jobs:
            await self._remember(delivery.delivery_id)
            return _answer(202, "nothing to do", queued=0)
        try:
            sent = await self._in_redis_thread(self.queue.submit, delivery.delivery_id, jobs)
        except QueueUnavailable as exc:
            log.error("cannot enqueue: %s", exc, extra=extra)
            return _answer(503, "queue unavailable; please redeliver")
        if not sent:
            return _answer(202, "duplicate delivery; already queued", queued=0)
        log.info("queued %d job(s)", len(jobs), extra=extra | {"repo": jobs[0].repo})
        return _answer(202, "queued", queued=len(jobs))

    async def _remember(self, delivery_id: str) -> None:
        # Best effort: unmarked, the recovery may redeliver it once, harmlessly.
        with contextlib.suppress(QueueUnavailable):
            await self._in_redis_thread(self.queue.remember, delivery_id)

    async def _in_redis_thread(self, call: Callable[..., T], *args: Any) -> T:
        """`call(*args)` in a thread, answered within `enqueue_timeout` whatever Redis does.

        At most `enqueues_in_flight` such threads exist: a thread abandoned at the deadline keeps
        its slot until Redis lets it finish, and while every slot is taken a delivery is refused
        at once instead of waiting in line behind a hung Redis.
        """
        if not self._enqueues.take(1):
            raise QueueUnavailable("every Redis slot is busy (Redis is slow or hung)")

        def run() -> T:
            try:
                return call(*args)
            finally:
                self._enqueues.give(1)

        try:
            with anyio.fail_after(self.limits.enqueue_timeout):
                return await anyio.to_thread.run_sync(
                    run, abandon_on_cancel=True, limiter=self._redis_threads
                )
        except TimeoutError:
            raise QueueUnavailable(
                f"Redis did not answer within {self.limits.enqueue_timeout:g}s"
            ) from None


def _holds_lone_surrogate(payload: object) -> bool:
    """Whether any key or string in the decoded JSON holds a lone UTF-16 surrogate."""
    stack = [payload]
    while stack:
        value = stack.pop()
        if isinstance(value, str):
            if not value.isascii():
                try:
                    value.encode("utf-8")
                except UnicodeEncodeError:
                    return True
        elif isinstance(value, dict):
            stack.extend(value.keys())
            stack.extend(value.values())
        elif isinstance(value, list):
            stack.extend(value)
    return False


class _AsciiJSON(JSONResponse):
    """JSON with every non-ASCII character escaped: any message renders, whatever it quotes."""

    def render(self, content: Any) -> bytes:
        return json.dumps(content, ensure_ascii=True, separators=(",", ":")).encode("ascii")


def _answer(status: int, message: str, **extra: int) -> JSONResponse:
    return _AsciiJSON({"message": message, **extra}, status_code=status)
