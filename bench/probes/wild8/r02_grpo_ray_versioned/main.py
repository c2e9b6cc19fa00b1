import ray

from grpo import Learner, Rollout

BASE = "meta-llama/Llama-3.2-1B-Instruct"
PROMPTS = ["Solve: 2+2", "Solve: 3*7", "Name a prime above 100"]


def main(iters: int = 100):
    ray.init()
    rollout = Rollout.remote(BASE)
    learner = Learner(BASE, rollout)
    learner.publish()
    for _ in range(iters):
        learner.train_step(PROMPTS)


if __name__ == "__main__":
    main()
