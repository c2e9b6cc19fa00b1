import argparse

import ray

from rlhf import Learner, RolloutActor


def score(completion: str) -> float:
    return min(len(completion.split()), 200) / 200.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="meta-llama/Llama-3.2-1B-Instruct")
    ap.add_argument("--num-actors", type=int, default=2)
    ap.add_argument("--steps", type=int, default=200)
    ap.add_argument("--ckpt-root", default="/mnt/ckpt/ppo_lite")
    args = ap.parse_args()

    ray.init()
    actors = [RolloutActor.remote(args.model, seed=i) for i in range(args.num_actors)]
    learner = Learner(args.model, args.ckpt_root)
    prompts = [f"Write a haiku about topic {i}." for i in range(64)]

    for step in range(args.steps):
        path = learner.save(step)
        ray.get([a.load_policy.remote(path) for a in actors])
        shards = [prompts[i :: args.num_actors] for i in range(args.num_actors)]
        results = ray.get([a.rollout.remote(s) for a, s in zip(actors, shards)])
        flat_p = [p for s in shards for p in s]
        flat_c = [c for r in results for c in r]
        loss = learner.update(flat_p, flat_c, [score(c) for c in flat_c])
        print(f"step={step} loss={loss:.4f}")


if __name__ == "__main__":
    main()
