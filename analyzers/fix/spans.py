"""Where a rewrite changed a file, as one block of lines: what a suggested change replaces."""

from __future__ import annotations

import difflib
from dataclasses import dataclass


@dataclass(frozen=True)
class Span:
    """Lines `start`..`end` (1-based, inclusive) of the old text become `lines`."""

    start: int
    end: int
    lines: tuple[str, ...]

    @property
    def old_lines(self) -> range:
        return range(self.start, self.end + 1)


def changed_span(old: str, new: str) -> Span | None:
    """The smallest run of old lines whose replacement turns `old` into `new` (None: equal).

    A pure insertion takes the line after it (or before it, at the end) along, so the span
    always replaces at least one existing line, as a suggestion on a line must.
    """
    before, after = old.splitlines(), new.splitlines()
    changes = [
        op
        for op in difflib.SequenceMatcher(None, before, after, autojunk=False).get_opcodes()
        if op[0] != "equal"
    ]
    if not changes:
        return None
    i1, i2, j1, j2 = changes[0][1], changes[-1][2], changes[0][3], changes[-1][4]
    if i1 == i2:
        if i2 < len(before):
            i2, j2 = i2 + 1, j2 + 1
        elif i1 > 0:
            i1, j1 = i1 - 1, j1 - 1
        else:
            return None  # the old text was empty: there is no line to replace
    return Span(i1 + 1, i2, tuple(after[j1:j2]))


def unified_diff(old: str, new: str, path: str) -> str:
    """`diff -u` of one file; a path below the working directory gets the `a/` and `b/`
    prefixes that `git apply` and `patch -p1` read."""
    absolute = path.startswith(("/", "../"))
    lines = difflib.unified_diff(
        old.splitlines(keepends=True),
        new.splitlines(keepends=True),
        fromfile=path if absolute else f"a/{path}",
        tofile=path if absolute else f"b/{path}",
    )
    text = ""
    for line in lines:
        text += line if line.endswith("\n") else line + "\n\\ No newline at end of file\n"
    return text
