"""Verify GitHub's `X-Hub-Signature-256` over the raw request body, in constant time."""

from __future__ import annotations

import hashlib
import hmac

PREFIX = "sha256="


def sign(secret: bytes, body: bytes) -> str:
    return PREFIX + hmac.new(secret, body, hashlib.sha256).hexdigest()


def verify_signature(secret: bytes, body: bytes, header: str | None) -> bool:
    """True only for `sha256=<hex HMAC of body>`; the legacy sha1 header is never accepted."""
    if not header:
        return False
    expected = sign(secret, body).encode()
    # Header values arrive as latin-1 text; compare bytes so odd characters cannot raise.
    return hmac.compare_digest(expected, header.strip().encode("latin-1", "replace"))
