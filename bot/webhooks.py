"""`POST /webhooks`: verify, read leniently, answer `ping`, dispatch, enqueue, answer quickly.

Nothing here sleeps, clones or audits; the only I/O is reading the body and, for a delivery that
asks for work, two or three Redis commands in a worker thread.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass

from pydantic import ValidationError
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse

from bot.queue import JobQueue, QueueUnavailable
from bot.routing import Delivery, Router
from bot.signature import verify_signature

MAX_BODY_BYTES = 25 * 1024 * 1024  # GitHub caps payloads at 25 MB
log = logging.getLogger(__name__)


@dataclass(frozen=True)
class WebhookReceiver:
    secret: bytes
    router: Router
    queue: JobQueue

    async def receive(self, request: Request) -> JSONResponse:
        declared = request.headers.get("content-length")
        if declared is not None:
            if not declared.strip().isdigit():
                return _answer(400, "invalid Content-Length")
            if int(declared) > MAX_BODY_BYTES:
                return _answer(413, "payload over 25 MiB")
        try:
            body = await _read_at_most(request, MAX_BODY_BYTES)
        except ClientDisconnect:
            return _answer(400, "client disconnected")
        if body is None:
            return _answer(413, "payload over 25 MiB")
        if not verify_signature(self.secret, body, request.headers.get("x-hub-signature-256")):
            return _answer(401, "missing or wrong X-Hub-Signature-256")
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
        delivery = Delivery(event=event, delivery_id=delivery_id, payload=payload)
        return await self._dispatch(delivery)

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
            return _answer(202, "no installation id; nothing queued", queued=0)
        try:
            jobs = handler(delivery, installation_id)
        except ValidationError as exc:
            fields = sorted({".".join(map(str, item["loc"])) for item in exc.errors()})
            return _answer(400, f"malformed {delivery.event} payload: {', '.join(fields)}")
        if not jobs:
            return _answer(202, "nothing to do", queued=0)
        try:
            sent = await run_in_threadpool(self.queue.submit, delivery.delivery_id, jobs)
        except QueueUnavailable as exc:
            log.error("cannot enqueue: %s", exc, extra=extra)
            return _answer(503, "queue unavailable; please redeliver")
        if not sent:
            return _answer(202, "duplicate delivery; already queued", queued=0)
        log.info("queued %d job(s)", len(jobs), extra=extra | {"repo": jobs[0].repo})
        return _answer(202, "queued", queued=len(jobs))


async def _read_at_most(request: Request, limit: int) -> bytes | None:
    """The body, or None as soon as it passes `limit` bytes (whatever Content-Length said)."""
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            return None
        chunks.append(chunk)
    return b"".join(chunks)


def _answer(status: int, message: str, **extra: int) -> JSONResponse:
    return JSONResponse({"message": message, **extra}, status_code=status)
