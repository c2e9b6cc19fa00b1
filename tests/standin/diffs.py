"""A pull request's diff as GitHub shows it (hunks with 3 lines of context), from real git."""

from __future__ import annotations

import re

from tests.support.gitrepo import GitRepo

_HUNK = re.compile(r"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


def head_hunks(repo: GitRepo, base: str, head: str) -> dict[str, list[tuple[int, int]]]:
    """path -> (first, last) head-side line of each hunk of `git diff base...head`."""
    text = repo.git("diff", "--no-color", "--no-ext-diff", "-M", f"{base}...{head}")
    hunks: dict[str, list[tuple[int, int]]] = {}
    path: str | None = None
    for line in text.splitlines():
        if line.startswith("+++ "):
            name = line[4:]
            path = name[2:] if name.startswith("b/") else None
            continue
        found = _HUNK.match(line)
        if found is not None and path is not None:
            start, count = int(found.group(1)), int(found.group(2) or "1")
            if count:
                hunks.setdefault(path, []).append((start, start + count - 1))
    return hunks
