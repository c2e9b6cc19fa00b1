import argparse
import random

from ppo import PPOConfig, PPOTrainer

TOPICS = ["rivers", "stars", "bread", "trains", "snow"]


def prompt_source(n):
    return [f"Tell a short story about {random.choice(TOPICS)}." for _ in range(n)]


def reward_fn(prompt, text):
    return -abs(len(text.split()) - 60) / 60


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default=PPOConfig.model)
    ap.add_argument("--steps", type=int, default=PPOConfig.total_steps)
    a = ap.parse_args()
    PPOTrainer(PPOConfig(model=a.model, total_steps=a.steps)).train(prompt_source, reward_fn)
