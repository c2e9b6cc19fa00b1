"""Verify GitHub's `X-Hub-Signature-256` over the raw request body, in constant time.

`SignatureCheck` takes the body in chunks as it arrives, so the receiver hashes while it reads
instead of holding the whole body first and hashing it afterwards.
"""

from __future__ import annotations

import hashlib
import hmac

PREFIX = "sha256="


def sign(secret: bytes, body: bytes) -> str:
    return PREFIX + hmac.new(secret, body, hashlib.sha256).hexdigest()


def plausible_header(header: str | None) -> bool:
    """Whether `header` could be a signature at all: `sha256=` and 64 hex digits. A request
    without one is refused before its body is read."""
    if not header:
        return False
    value = header.strip()
    digest = value.removeprefix(PREFIX)
    return (
        value.startswith(PREFIX)
        and len(digest) == 64
        and all(char in "0123456789abcdefABCDEF" for char in digest)
    )


class SignatureCheck:
    """HMAC-SHA256 of a body fed in chunks; `matches(header)` compares in constant time."""

    def __init__(self, secret: bytes) -> None:
        self._mac = hmac.new(secret, digestmod=hashlib.sha256)

    def update(self, chunk: bytes) -> None:
        self._mac.update(chunk)

    def matches(self, header: str | None) -> bool:
        """True only for `sha256=<hex HMAC of the body>`; the legacy sha1 header never counts."""
        if not header:
            return False
        expected = (PREFIX + self._mac.hexdigest()).encode()
        # Header values arrive as latin-1 text; compare bytes so odd characters cannot raise.
        return hmac.compare_digest(expected, header.strip().encode("latin-1", "replace"))


def verify_signature(secret: bytes, body: bytes, header: str | None) -> bool:
    """True only for `sha256=<hex HMAC of body>`; the legacy sha1 header is never accepted."""
    check = SignatureCheck(secret)
    check.update(body)
    return check.matches(header)
