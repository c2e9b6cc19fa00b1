import multiprocessing as mp

from .worker import eval_one


def run(adapters):
    ctx = mp.get_context("spawn")
    q = ctx.Queue()
    results = {}
    for path in adapters:
        p = ctx.Process(target=eval_one, args=(path, q))
        p.start()
        key, texts = q.get()
        p.join()
        if p.exitcode != 0:
            raise RuntimeError(f"eval of {path} failed")
        results[key] = texts
    return results
