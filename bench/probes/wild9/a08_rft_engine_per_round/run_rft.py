import argparse
import json
import os

from rft import RFTConfig, generate_round, train_round


def verify(row, completion):
    return row["target"] in completion[-40:]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", required=True)
    ap.add_argument("--rounds", type=int, default=RFTConfig.rounds)
    ns = ap.parse_args()
    cfg = RFTConfig(rounds=ns.rounds)
    rows = [json.loads(line) for line in open(ns.data)]
    adapter = None
    for r in range(cfg.rounds):
        groups = generate_round(cfg.base_model, adapter, [x["prompt"] for x in rows], cfg.samples_per_prompt, cfg.gen)
        keep = [{"prompt": x["prompt"], "completion": c} for x, g in zip(rows, groups) for c in g if verify(x, c)]
        adapter = train_round(cfg.base_model, adapter, keep, os.path.join(cfg.work_dir, f"round_{r}"))
        print(f"round {r}: {len(keep)} accepted, adapter at {adapter}")


if __name__ == "__main__":
    main()
