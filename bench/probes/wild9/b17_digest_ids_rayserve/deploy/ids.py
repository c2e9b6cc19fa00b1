import hashlib


def adapter_id(adapter_path: str) -> int:
    """Stable positive 60-bit id derived from the adapter's (immutable, versioned) URI."""
    return int(hashlib.sha256(adapter_path.encode("utf-8")).hexdigest()[:15], 16) + 1
