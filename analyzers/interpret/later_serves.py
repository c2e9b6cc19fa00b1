"""Requests served by a generator, or a thread, that may come after the run's later writes.

A generator runs a piece of its body each time its consumer takes an item. The analysis runs
a generator's body at once where it is called, unless a `for` loop takes its items as they
come (`generator_loops.py`). That is exact where every item is taken there and then
(`list(gen())`, `sorted(...)`, a list comprehension: `syntax.taken_at_once`). Anywhere else
(`stream = rollouts()` and later `next(stream)`, a generator expression looped over later,
`zip(range(n), gen())`) the consumer may rewrite a folder between two items, and the items
after that serve the rewritten folder under the id cached before. A started thread (a rollout
worker serving beside the trainer) is run at once where it starts, too, and goes on serving
while the caller saves, until it is joined (a pool's task: until its result is asked for).
Running either at once put every serve before the write, and called it safe.

So each request such a generator or thread served is kept here, and served again, as its
later item would be, after each later write of its folder in the same process: the replay
then sees the cached id asked for weights that changed. One that had in fact ended before
the write makes this a false alarm; never a missed one.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzers.files.parsing import SourceFile
from analyzers.interpret import concurrency
from analyzers.interpret.containers import key_text
from analyzers.interpret.folders import LATER_ITEM, as_one, content_at, relation
from analyzers.interpret.places import shields
from analyzers.interpret.runtime import LaterItem, Write
from analyzers.interpret.syntax import BACKGROUND, DELEGATED, TAKEN, taken_at_once
from analyzers.interpret.trace import Removed, Served
from analyzers.interpret.values import NONE

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine


def runs_through(m: Machine, made: tuple[SourceFile, ast.expr] | None) -> bool:
    """Whether every item of the generator made by the expression `made` is taken where it
    is made; the generator of a `yield from` is taken as the one around it is. False when
    it was made by no expression of the repository (a model called it)."""
    if made is None:
        return False
    source, node = made
    how = taken_at_once(source.tree).get(id(node))
    if how == DELEGATED:
        around = m.yield_handlers[-1] if m.yield_handlers else None
        return bool(getattr(around, "runs_through", False))
    return how == TAKEN


def in_background(made: tuple[SourceFile, ast.expr] | None) -> bool:
    """Whether the coroutine made by the expression `made` is handed to
    `asyncio.create_task` (or `ensure_future`): it runs beside the run from there."""
    return made is not None and taken_at_once(made[0].tree).get(id(made[1])) == BACKGROUND


def defer(m: Machine, facts: Sequence[object], *, by: str = LATER_ITEM, task: int = 0) -> None:
    """Keep the requests among `facts` (what a generator or a worker did when it ran at once) to
    serve again after later writes of their folders, one per site and request: each with the
    drops before it that every run reaching it made (`remove_lora(1)` just before the serve,
    in the same run of its loop: `places.shields`), and nothing else of what its item did.
    `by`: what serves them (the row's words: `folders.LATER_ITEM`, `THREAD_ITEM`, ...);
    `task`: the thread or pool task they end with (`finish`), 0 for a generator. A thread,
    process or task's request is kept only when it served it more than once (in a loop)."""
    kept = {(_key(item.served), item.task) for item in m.later_serves}
    last: dict[tuple[object, ...], int] = {}
    times: dict[tuple[object, ...], int] = {}
    for index, fact in enumerate(facts):
        if isinstance(fact, Served) and fact.path is not None:
            key = _key(fact)
            last[key] = index
            times[key] = times.get(key, 0) + 1
    # A worker that served a request once (a process per checkpoint) has no later one to make.
    least = 1 if by == LATER_ITEM else 2
    for key, index in sorted(last.items(), key=lambda pair: pair[1]):
        served = facts[index]
        if (key, task) in kept or times[key] < least or not isinstance(served, Served):
            continue
        drops = (
            fact
            for fact in facts[:index]
            if isinstance(fact, Removed) and fact.engine is served.engine and shields(fact, served)
        )
        m.later_serves.append(LaterItem(served, (*drops, served), by, task))


def finish(m: Machine, task: int) -> None:
    """The thread or pool task `task` is over (joined, its result taken): it serves no more."""
    if task and m.beside:
        concurrency.finished(m, task)
    if task and any(item.task == task for item in m.later_serves):
        m.later_serves = [item for item in m.later_serves if item.task != task]


def after_write(m: Machine, write: Write) -> None:
    """A write the run just made: each kept item that serves that folder is made again."""
    aliases = m.trace.same_inputs
    for item in m.later_serves:
        fact = item.served
        if fact.path is None:
            continue  # a folder is one for every process: a write anywhere changes it
        path = as_one(fact.path, aliases) or fact.path
        if relation(as_one(write.target, aliases), path) is not True:
            continue
        m.trace.facts.extend(_again(m, operation, item.by) for operation in item.piece)


def _again(m: Machine, operation: Served | Removed, by: str) -> Served | Removed:
    """The operation made again now: a request is served the folder as it is now."""
    if not isinstance(operation, Served):
        return operation
    content = replace(
        content_at(m.writes, operation.path, m.trace.same_inputs),
        payload=operation.content.payload,
        rewriter=by,
    )
    return replace(operation, content=content)


def _key(fact: Served) -> tuple[object, ...]:
    lora_id = key_text(fact.lora_id) if fact.lora_id is not None else None
    return (fact.loc, fact.proc, id(fact.engine), lora_id, key_text(fact.path or NONE))
