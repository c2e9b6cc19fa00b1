"""Small id registry used by the rollout workers."""
import functools
import itertools

_ids = itertools.count(1)


def memoize(fn):
    cache = {}

    @functools.wraps(fn)
    def wrapper(key):
        if key not in cache:
            cache[key] = fn(key)
        return cache[key]

    return wrapper


@memoize
def lora_id_for(name: str) -> int:
    return next(_ids)
