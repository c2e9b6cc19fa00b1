"""King-of-the-hill over a list of candidate adapters.

Keep three adapters in the pool; every round each member answers the dev set,
the weakest one is dropped and the next challenger joins.
"""

import argparse
import json

from arena import AdapterPool, score_outputs

CANDIDATES = [
    ("sft-lr1e-4", "adapters/sft-lr1e-4"),
    ("sft-lr3e-4", "adapters/sft-lr3e-4"),
    ("dpo-beta0.1", "adapters/dpo-beta0.1"),
    ("dpo-beta0.3", "adapters/dpo-beta0.3"),
    ("orpo", "adapters/orpo"),
    ("simpo", "adapters/simpo"),
]
POOL_SIZE = 3


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--base", default="Qwen/Qwen2.5-7B-Instruct")
    ap.add_argument("--dev", default="data/dev.jsonl")
    args = ap.parse_args()

    with open(args.dev) as fh:
        rows = [json.loads(l) for l in fh]
    prompts = [r["prompt"] for r in rows]
    refs = [r["answer"] for r in rows]

    pool = AdapterPool(args.base, max_adapters=4)
    queue = list(CANDIDATES)
    for _ in range(POOL_SIZE):
        pool.add(*queue.pop(0))

    history = []
    while True:
        scores = {n: score_outputs(pool.generate(n, prompts), refs) for n in pool.names()}
        history.append(scores)
        if not queue:
            break
        loser = min(scores, key=scores.get)
        pool.drop(loser)
        pool.add(*queue.pop(0))

    final = history[-1]
    print("winner:", max(final, key=final.get))
    print(json.dumps(history, indent=1))


if __name__ == "__main__":
    main()
