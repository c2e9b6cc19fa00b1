from __future__ import annotations

import re


def score_outputs(outputs: list[str], references: list[str]) -> float:
    """Cheap exact-match-on-final-answer judge."""
    def last(s: str) -> str:
        m = re.findall(r"####\s*(.+)", s)
        return m[-1].strip() if m else s.strip().splitlines()[-1] if s.strip() else ""

    hits = sum(last(o) == last(r) for o, r in zip(outputs, references))
    return hits / max(len(references), 1)
