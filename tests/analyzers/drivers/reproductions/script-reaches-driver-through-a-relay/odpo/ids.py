import hashlib


def stable_lora_id(path: str) -> int:
    """Deterministic id for an adapter path, so every rank and every restart agree on it."""
    return int(hashlib.md5(path.encode("utf-8")).hexdigest()[:8], 16) or 1
