import argparse
import itertools

from trainer import RLOOConfig, RLOOTrainer


def prompt_batches(bs=8):
    for i in itertools.count():
        yield [f"Explain concept #{i * bs + j} to a child." for j in range(bs)]


def reward_fn(prompt, completion):
    words = completion.split()
    return -sum(len(w) > 12 for w in words) / max(1, len(words))


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=250)
    ap.add_argument("--ckpt-dir", default="checkpoints/rloo")
    ns = ap.parse_args()
    RLOOTrainer(RLOOConfig(steps=ns.steps, ckpt_dir=ns.ckpt_dir)).train(prompt_batches(), reward_fn)
