import zlib


def adapter_id(path: str) -> int:
    """Stable positive 31-bit id derived from the adapter folder."""
    return (zlib.crc32(path.encode()) & 0x7FFFFFFF) or 1
