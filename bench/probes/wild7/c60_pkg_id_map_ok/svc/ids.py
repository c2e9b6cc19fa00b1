_ids: dict[str, int] = {}


def lora_id(path: str) -> int:
    return _ids.setdefault(path, len(_ids) + 1)
