"""Small id registry used by the rollout workers."""
import functools
import itertools

_ids = itertools.count(1)


def memoize(fn):
    cache = {}

    @functools.wraps(fn)
    def wrapper(*args):
        if args not in cache:
            cache[args] = fn(*args)
        return cache[args]

    return wrapper


@memoize
def lora_id_for(name: str) -> int:
    return next(_ids)
