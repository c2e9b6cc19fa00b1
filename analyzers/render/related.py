"""The evidence lines a reviewer looks at besides the request, and what to call each one.

A stale serve has three places: the request that asks for an adapter, the line where vLLM
answers it with another one's weights, and the line that loaded the adapter served instead (or
the write that rewrote its folder under a cached id). The judge names them in evidence details
(`analyzers/judge/reasons.py`); SARIF's `relatedLocations` and annotations show them.
"""

from __future__ import annotations

from collections.abc import Iterator

from analyzers.model import DriverRow

# evidence detail -> the sentence shown at that line
RELATED_EVIDENCE = {
    "served a stale adapter": "vLLM serves a stale adapter here",
    "adapter that was served instead": "the adapter served instead was loaded here",
    "adapter folder rewritten": "the adapter folder is rewritten here, under a cached id",
}


def split_where(where: str) -> tuple[str, int | None]:
    """(path, line) of an evidence `where`: `path:line@commit`, `path:line` or `path`."""
    path = where
    if "@" in path:
        head, _, tail = path.rpartition("@")
        if tail and all(char in "0123456789abcdef" for char in tail):
            path = head
    head, _, line = path.rpartition(":")
    if head and line.isdigit():
        return head, int(line)
    return path, None


def related_lines(row: DriverRow) -> Iterator[tuple[str, int, str]]:
    """(path, line, message) of each related line of a row, in evidence order, once each."""
    seen: set[tuple[str, int]] = set()
    for item in row.evidence:
        message = RELATED_EVIDENCE.get(item.detail)
        if item.kind != "code" or message is None:
            continue
        path, line = split_where(item.where)
        if line is None or (path, line) in seen:
            continue
        seen.add((path, line))
        yield path, line, message
