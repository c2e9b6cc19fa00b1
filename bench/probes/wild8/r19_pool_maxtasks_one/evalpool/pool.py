import multiprocessing as mp

from .worker import eval_one


def evaluate_all(paths, workers: int = 2):
    # every task gets a brand-new worker process (and so a new engine)
    ctx = mp.get_context("spawn")
    with ctx.Pool(workers, maxtasksperchild=1) as pool:
        return dict(pool.map(eval_one, paths, chunksize=1))
