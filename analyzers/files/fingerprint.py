"""A digest of a package's own source, so that results cached by one version of the tool are
never reused by another. Kept apart from the audit so that a cheap start can compute it."""

from __future__ import annotations

import hashlib
from pathlib import Path


def source_fingerprint(*packages: Path) -> str:
    digest = hashlib.sha256()
    for package in packages:
        for source in sorted(package.rglob("*.py")):
            digest.update(source.relative_to(package.parent).as_posix().encode())
            digest.update(source.read_bytes())
    return digest.hexdigest()
