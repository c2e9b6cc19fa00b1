import argparse
import json

from colo import ColocatedGRPO, GRPOArgs


def exact_match(prompt, completion):
    return float(completion.strip().endswith("42"))


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--config", default=None, help="optional json overriding GRPOArgs")
    ns = p.parse_args()
    args = GRPOArgs(**(json.load(open(ns.config)) if ns.config else {}))
    trainer = ColocatedGRPO(args)
    prompts = [f"Question {i}: what is 6 * 7?" for i in range(args.prompts_per_step)]
    for step in range(args.steps):
        loss = trainer.step(prompts, exact_match)
        if step % 10 == 0:
            print(step, loss)


if __name__ == "__main__":
    main()
