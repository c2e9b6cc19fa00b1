import argparse
import json

from rest import RoundSampler, fit_round


def is_correct(answer: str, completion: str) -> bool:
    return completion.strip().split("####")[-1].strip() == answer


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--model", default="mistralai/Mistral-7B-v0.3")
    ap.add_argument("--data", default="data/math_train.jsonl")
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--out", default="runs/rest")
    args = ap.parse_args()

    rows = [json.loads(l) for l in open(args.data)]
    prompts = [r["question"] for r in rows]
    sampler = RoundSampler(args.model)
    adapter = None
    for r in range(args.rounds):
        groups = sampler.sample(prompts, adapter)
        keep = [
            {"prompt": p, "completion": c}
            for p, row, g in zip(prompts, rows, groups)
            for c in g
            if is_correct(row["answer"], c)
        ]
        print(f"round {r}: kept {len(keep)} samples")
        adapter = fit_round(args.model, keep, args.out, r, init_adapter=adapter)


if __name__ == "__main__":
    main()
