import hashlib


def adapter_id(path: str) -> int:
    # 60-bit digest of the checkpoint path; paths are unique per learner step
    return int(hashlib.sha256(path.encode()).hexdigest()[:15], 16) + 1
