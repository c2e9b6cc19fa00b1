"""Track per-task quality across epochs for the three task adapters of a run.

runs/<run>/<task>/epoch_<k>/ holds the PEFT adapter for <task> after epoch k.
"""

import argparse
import json
from pathlib import Path

from multilora import MultiLoraServer

TASKS = ["ner", "summarization", "qa"]


def load_prompts(task: str) -> tuple[list[str], list[str]]:
    rows = [json.loads(l) for l in open(f"data/{task}_dev.jsonl")]
    return [r["input"] for r in rows], [r["target"] for r in rows]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--run", default="runs/t5-multitask")
    ap.add_argument("--base", default="meta-llama/Llama-3.2-3B-Instruct")
    ap.add_argument("--epochs", type=int, default=3)
    args = ap.parse_args()

    server = MultiLoraServer(args.base, max_loras=len(TASKS))
    data = {t: load_prompts(t) for t in TASKS}
    table: dict[str, dict[int, float]] = {t: {} for t in TASKS}
    for epoch in range(1, args.epochs + 1):
        for task in TASKS:
            path = str(Path(args.run) / task / f"epoch_{epoch}")
            prompts, targets = data[task]
            outs = server.complete(task, path, prompts)
            table[task][epoch] = sum(o.strip() == t for o, t in zip(outs, targets)) / len(targets)
    print(json.dumps(table, indent=1))


if __name__ == "__main__":
    main()
