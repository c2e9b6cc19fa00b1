"""Webhook deliveries as GitHub makes them: signed POSTs to the App's URL, recorded with status."""

from __future__ import annotations

import hashlib
import hmac
import json
import uuid
from typing import Any

import httpx

from tests.standin.state import Delivery, State


def sign(body: bytes, secret: str) -> str:
    """The `X-Hub-Signature-256` value GitHub sends for `body`."""
    return "sha256=" + hmac.new(secret.encode(), body, hashlib.sha256).hexdigest()


def delivery_headers(
    event: str, body: bytes, secret: str, *, guid: str | None = None, app_id: int = 1
) -> dict[str, str]:
    """Every header of a real delivery (the signature over `body` included)."""
    return {
        "Content-Type": "application/json",
        "User-Agent": "GitHub-Hookshot/lora-audit-tests",
        "X-GitHub-Event": event,
        "X-GitHub-Delivery": guid or str(uuid.uuid4()),
        "X-GitHub-Hook-ID": "1",
        "X-GitHub-Hook-Installation-Target-Type": "integration",
        "X-GitHub-Hook-Installation-Target-ID": str(app_id),
        "X-Hub-Signature": "sha1=" + hmac.new(secret.encode(), body, hashlib.sha1).hexdigest(),
        "X-Hub-Signature-256": sign(body, secret),
    }


def record(state: State, guid: str, status_code: int, *, redelivery: bool) -> Delivery:
    """Add a delivery attempt of the stored payload `guid` to the App's delivery log."""
    event, body = state.payloads[guid]
    payload: Any = json.loads(body)
    payload = payload if isinstance(payload, dict) else {}
    delivery = Delivery(
        id=state.next_id(),
        guid=guid,
        event=event,
        action=payload.get("action"),
        status_code=status_code,
        installation_id=(payload.get("installation") or {}).get("id"),
        repository_id=(payload.get("repository") or {}).get("id"),
        redelivery=redelivery,
    )
    state.deliveries[delivery.id] = delivery
    return delivery


def _request(state: State, guid: str) -> tuple[str, bytes, dict[str, str]]:
    if state.hook_url is None or state.hook_secret is None:
        raise RuntimeError("call GitHubStandIn.configure_webhook(url, secret) first")
    event, body = state.payloads[guid]
    headers = delivery_headers(event, body, state.hook_secret, guid=guid, app_id=state.app_id)
    return state.hook_url, body, headers


def post(state: State, guid: str, *, redelivery: bool) -> Delivery:
    """Deliver the stored payload now (from a test thread) and log the attempt; 0 = no answer."""
    with state.lock:
        url, body, headers = _request(state, guid)
    try:
        status = httpx.post(url, content=body, headers=headers, timeout=10).status_code
    except httpx.HTTPError:
        status = 0
    with state.lock:
        return record(state, guid, status, redelivery=redelivery)


async def post_later(state: State, guid: str) -> None:
    """Redeliver from the stand-in's event loop after answering the redelivery request."""
    with state.lock:
        url, body, headers = _request(state, guid)
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            status = (await client.post(url, content=body, headers=headers)).status_code
    except httpx.HTTPError:
        status = 0
    with state.lock:
        record(state, guid, status, redelivery=True)
