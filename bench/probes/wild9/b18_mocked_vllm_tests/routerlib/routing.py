"""Keyword router: decide which adapter (by name) a user prompt should go to."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True)
class AdapterRoute:
    name: str
    path: str
    keywords: tuple[str, ...]


def pick_adapter(prompt: str, routes: list[AdapterRoute]) -> AdapterRoute | None:
    words = set(re.findall(r"[a-z]+", prompt.lower()))
    best, best_hits = None, 0
    for r in routes:
        hits = len(words.intersection(r.keywords))
        if hits > best_hits:
            best, best_hits = r, hits
    return best
