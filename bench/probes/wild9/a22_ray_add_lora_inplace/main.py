import json

import ray

from agentic_rl import RunConfig, VLLMRolloutWorker
from agentic_rl.learner import Learner


def reward(traj):
    return 1.0 if "SUCCESS" in traj["text"] else 0.0


def main():
    cfg = RunConfig()
    ray.init()
    tasks = [json.loads(l) for l in open("data/tasks.jsonl")]
    learner = Learner(cfg.model, cfg.lora_rank)
    workers = [VLLMRolloutWorker.remote(cfg.model, cfg.lora_rank) for _ in range(cfg.num_workers)]
    for it in range(cfg.iterations):
        learner.save(cfg.sync_dir)
        ray.get([w.update_adapter.remote(cfg.sync_dir) for w in workers])
        shards = [tasks[(it * cfg.num_workers + i) * cfg.episodes_per_worker:][: cfg.episodes_per_worker]
                  for i in range(cfg.num_workers)]
        trajs = [t for chunk in ray.get([w.run_episodes.remote(s) for w, s in zip(workers, shards)]) for t in chunk]
        print(it, learner.update(trajs, [reward(t) for t in trajs]))


if __name__ == "__main__":
    main()
