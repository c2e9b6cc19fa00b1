import argparse

from selfplay import MatchActor

SCENARIOS = [
    "You are selling a used bike. The buyer has 200 dollars.",
    "Split 100 coins between two players; both must agree.",
    "Negotiate a delivery date; you prefer earlier.",
]

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="Qwen/Qwen2.5-3B-Instruct")
    ap.add_argument("--manifest", default="/league/league.json")
    ap.add_argument("--out", default="/league/games/actor0.jsonl")
    ap.add_argument("--seed", type=int, default=0)
    ns = ap.parse_args()
    MatchActor(ns.model, ns.manifest, ns.out, ns.seed).run_forever(SCENARIOS)
