from __future__ import annotations

import json
import re
from pathlib import Path

TASK_DIR = Path(__file__).parent / "tasks"


def _load_task(name: str) -> list[dict]:
    with open(TASK_DIR / f"{name}.jsonl") as fh:
        return [json.loads(line) for line in fh]


def _extract_number(text: str) -> str | None:
    nums = re.findall(r"-?\d+(?:\.\d+)?", text.replace(",", ""))
    return nums[-1] if nums else None


def simple_evaluate(lm, tasks: list[str], limit: int | None = None) -> dict[str, float]:
    results = {}
    for task in tasks:
        docs = _load_task(task)[:limit]
        reqs = [(f"Question: {d['question']}\nAnswer:", {"until": ["\n\n"], "max_gen_toks": 256})
                for d in docs]
        outs = lm.generate_until(reqs)
        correct = sum(_extract_number(o) == str(d["answer"]) for o, d in zip(outs, docs))
        results[task] = correct / max(len(docs), 1)
    return results
