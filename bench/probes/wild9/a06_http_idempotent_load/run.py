import argparse
import random

import yaml

from ppo_http import HttpPPOTrainer


def prompt_pool(n):
    return [f"Summarise article #{random.randint(0, 10_000)} in one sentence." for _ in range(n)]


def reward_model(prompts, completions):
    return [1.0 / (1 + abs(len(c.split()) - 25)) for c in completions]


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--config", default="configs/default.yaml")
    cfg = yaml.safe_load(open(ap.parse_args().config))
    HttpPPOTrainer(cfg).fit(prompt_pool, reward_model)
