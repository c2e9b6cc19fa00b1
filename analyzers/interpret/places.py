"""Where in the running code a fact happens, and what a run needs to have made a drop there.

The machine keeps a mark per block under way: which run of the block, the statement being
run, how many answers the oracle had given when that statement began, and how the block was
entered (`BlockEntry`). From them a drop (`remove_lora(1)`) records, for each level, the `if`
sides a run needs to have taken to make it once it began that level's statement. The judge
(`judge/skipping.py`) compares that with the sides the later request was served under.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from typing import NamedTuple

from analyzers.interpret.trace import (
    UNGUARDED,
    VERSION_ANSWER,
    BlockEntry,
    Guard,
    Place,
    Removed,
    Served,
)


class Mark(NamedTuple):
    """One block under way."""

    run: int  # which run of the block (a counter of the machine's)
    position: int  # the index of the statement being run
    statement: ast.AST
    logged: int  # the oracle's answers when the statement began
    entry: BlockEntry  # how the block was entered
    started: int = 0  # the run's steps when the block began


def place(marks: Sequence[Mark]) -> Place:
    return tuple((mark.run, mark.position) for mark in marks)


def guards(marks: Sequence[Mark]) -> frozenset[Guard]:
    return frozenset(mark.entry for mark in marks if isinstance(mark.entry, Guard))


def drop_needs(
    marks: Sequence[Mark], log: Sequence[str], name: str
) -> tuple[frozenset[Guard] | None, ...]:
    """Per level, the guards a run that began that level's statement needs to make the drop
    being made now by a call to `name` (None at a level from which it may be skipped)."""
    if not marks or not _plain_call(marks[-1].statement, name):
        return (None,) * len(marks)
    needs: list[frozenset[Guard] | None] = [frozenset()]
    for level in range(len(marks) - 2, -1, -1):
        outer, inner, below = marks[level], marks[level + 1], needs[0]
        answers = list(log[outer.logged : inner.logged])
        entry = inner.entry
        need: frozenset[Guard] | None = None
        if below is not None and entry != UNGUARDED:
            if isinstance(entry, Guard):
                if isinstance(outer.statement, ast.If):
                    del answers[entry.start - outer.logged : entry.end - outer.logged]
                    need = below if entry.version else below | {entry}
            elif _enters_whenever_run(outer.statement):
                need = below
            if need is not None and not by_release(answers):
                need = None  # another answer before the drop may have left early
        needs.insert(0, need)
    return tuple(needs)


def finally_of(marks: Sequence[Mark], needs: Sequence[frozenset[Guard] | None]) -> Place | None:
    """Where the innermost `try` is (its place, down to its own statement) whose `finally`
    makes the drop being made now, when it makes it from its first statement on whatever
    happens there: the drop then follows every use made inside that `try`, or by the plain
    statement just before it, however the `try`'s body ends (`return`, `break`, `raise`)."""
    for level in range(len(marks) - 2, -1, -1):
        statement, inner = marks[level].statement, marks[level + 1]
        if not isinstance(statement, ast.Try | ast.TryStar):
            continue
        if not any(inner.statement is item for item in statement.finalbody):
            continue
        if inner.position == 0 and level + 1 < len(needs) and needs[level + 1] == frozenset():
            return place(marks[: level + 1])
        return None
    return None


def by_release(answers: Sequence[str]) -> bool:
    """Every answer was a vLLM version check: the same in every world judged at a release."""
    return all(answer.startswith(VERSION_ANSWER) for answer in answers)


def _enters_whenever_run(statement: ast.AST) -> bool:
    """A statement whose block (a callee's body, a `with` or `try` body) runs whenever it does."""
    if isinstance(statement, ast.With | ast.AsyncWith | ast.Try | ast.TryStar):
        return True
    return _plain_call(statement, None)


def _plain_call(statement: ast.AST, name: str | None) -> bool:
    """The statement is one call (awaited or not), to `name` if given: `engine.remove_lora(1)`."""
    value = statement.value if isinstance(statement, ast.Expr) else None
    value = value.value if isinstance(value, ast.Await) else value
    if not isinstance(value, ast.Call):
        return False
    if name is None:
        return True
    func = value.func
    if isinstance(func, ast.Attribute):
        return func.attr == name
    return isinstance(func, ast.Name) and func.id == name


def entered_by(
    marks: Sequence[Mark], log_index: Sequence[int], steps: int, heavy: int
) -> list[int]:
    """The decisions that entered the outermost `if` side under way in which the run has spent
    at least `heavy` of its `steps`: when a run spends its budget in there, the other side is
    the way past it."""
    for mark in marks:
        if isinstance(mark.entry, Guard) and steps - mark.started >= heavy:
            found = [i for i in log_index[mark.entry.start : mark.entry.end] if i >= 0]
            if found:
                return list(dict.fromkeys(found))
    return []


def shields(removed: Removed, later: Served) -> bool:
    """Every run that reaches the statement leading to the repeat made the drop: both are in
    one run of one block, the drop's statement first, and what the drop needs from there (the
    `if` sides it is under) the repeat was served under too."""
    for depth, ((run, index), (later_run, later_index)) in enumerate(
        zip(removed.place, later.place, strict=False)
    ):
        if run != later_run:
            return False
        if index != later_index:
            need = removed.needs[depth] if depth < len(removed.needs) else None
            return index < later_index and need is not None and need <= later.guards
    return False
