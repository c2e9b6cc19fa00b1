"""Points where a world may take up a run that an earlier world left, instead of starting over.

The machine is deterministic: a world whose answers to the undecidable conditions agree with
an earlier run's answers so far would run exactly as that run did, up to the same point. So a
copy of the state there (with the answers given) lets it start there. The points are statement
boundaries where no call or loop is under way: between the top-level statements of a script,
between the statements of a top-level `if` side that was entered without an answer (`if
__name__ == "__main__":`), after the driver's import, after the instance of a method's class
is built.

A world follows a saved run when each earlier answer is the one its forced prefix gives, and
past that prefix the default (what its oracle answers there). The deepest such point wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzers.interpret.import_reuse import KeptImports
from analyzers.interpret.snapshot import Snapshot

Answers = tuple[tuple[bool, bool], ...]  # (choice, default) per decision, as `Oracle.taken`

# What one driver's analysis keeps: each copy is as large as the run's state (tens of MB for a
# driver that imports a large package), and the first few of each kind of run save most of the
# re-running. Objects are about 100 bytes each.
SAVED_PER_RUN = 4
SAVED_OBJECTS = 500_000
# Fewer steps run since the last copy are run again rather than copied: copying the state would
# cost about as much.
SAVE_AFTER_STEPS = 1_000


@dataclass
class Saved:
    """A run's state at one point, with the oracle's answers that led there."""

    point: int  # a statement index of the script, or a stage of a function's run
    answers: Answers
    weights: tuple[int, ...]
    memo: dict[str, bool]
    memo_index: dict[str, int]  # the decision each memo answer is (`Oracle.memo_index`)
    snapshot: Snapshot
    log: tuple[str, ...] = ()  # every answer given before this point (`Oracle.log`)


def follows(answers: Answers, forced: list[bool]) -> bool:
    """Whether a world with `forced` answers first would give every one of `answers`."""
    for index, (choice, default) in enumerate(answers):
        expected = forced[index] if index < len(forced) else default
        if choice != expected:
            return False
    return True


@dataclass
class Points:
    """The saved states of one kind of run (a script, an import, one function's entry)."""

    saved: list[Saved] = field(default_factory=list)

    def best(self, forced: list[bool]) -> Saved | None:
        found: Saved | None = None
        for item in self.saved:
            if follows(item.answers, forced) and (found is None or item.point > found.point):
                found = item
        return found

    def has(self, point: int, answers: Answers) -> bool:
        return any(item.point == point and item.answers == answers for item in self.saved)


@dataclass
class Resumes:
    """Every saved state of one driver's analysis, and when saving one is worth it."""

    main: Points = field(default_factory=Points)
    imported: Points = field(default_factory=Points)
    entries: dict[tuple[str, ...], Points] = field(default_factory=dict)
    min_steps: int = SAVE_AFTER_STEPS
    objects: int = 0  # kept in copies so far
    # imports run the same way by several worlds (`import_reuse.py`)
    imports: KeptImports = field(default_factory=KeptImports)

    def entry(self, path: tuple[str, ...]) -> Points:
        return self.entries.setdefault(path, Points())

    def room(self, points: Points) -> bool:
        """Whether another copy may be kept for `points`."""
        return len(points.saved) < SAVED_PER_RUN and self.objects < SAVED_OBJECTS
