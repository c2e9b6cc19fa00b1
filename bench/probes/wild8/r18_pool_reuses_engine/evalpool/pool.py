import multiprocessing as mp

from .worker import eval_one


def evaluate_all(paths, workers: int = 2):
    with mp.get_context("spawn").Pool(workers) as pool:
        return dict(pool.map(eval_one, paths))
