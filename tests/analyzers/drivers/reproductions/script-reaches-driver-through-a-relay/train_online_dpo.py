import argparse
import itertools
import json

from odpo import OnlineDPOConfig, OnlineDPOTrainer


def batches(path, bs):
    rows = [json.loads(l)["prompt"] for l in open(path)]
    it = itertools.cycle(rows)
    while True:
        yield [next(it) for _ in range(bs)]


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--prompts", default="data/ultrafeedback_prompts.jsonl")
    ap.add_argument("--steps", type=int, default=OnlineDPOConfig.steps)
    ns = ap.parse_args()
    cfg = OnlineDPOConfig(steps=ns.steps)
    trainer = OnlineDPOTrainer(cfg)
    for step, prompts in zip(range(cfg.steps), batches(ns.prompts, cfg.batch_size)):
        loss = trainer.step(prompts)
        if step % 20 == 0:
            print(json.dumps({"step": step, "loss": loss}))
