"""Evaluation prompts and scoring for the fine-tuning-fraction study."""

from __future__ import annotations

import json
from pathlib import Path

PANEL = [
    "Solve for x: 3x + 7 = 22.",
    "A train leaves at 9:40 and arrives at 13:05. How long is the trip?",
    "What is the derivative of x^3 - 2x?",
    "Name the largest prime below 100.",
]


def load_prompts(path: str | None) -> list[str]:
    """The held-out panel, or the built-in one when no file is given."""
    if path is None:
        return list(PANEL)
    return [json.loads(line)["prompt"] for line in Path(path).read_text().splitlines() if line]


def exact_match(outputs: list[str], answers: list[str]) -> float:
    hits = sum(o.strip().lower() == a.strip().lower() for o, a in zip(outputs, answers))
    return hits / max(len(answers), 1)
