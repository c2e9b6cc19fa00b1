"""Work that runs at the same time as other work, though the analysis runs it in turn.

Tasks (`asyncio.create_task`, `TaskGroup.create_task`), coroutines handed together to
`asyncio.gather` / `wait` / `as_completed` (made inline or earlier: `tasks = [score(p) for p in
ckpts]`), threads started before the others are joined, and a thread pool's tasks are run by
the analysis at once where they are made, one after another. On the engine they are in flight
together: vLLM schedules their requests in one batch, where a request whose id is already
running joins it with the adapter loaded under that id, however few slots `max_loras` leaves.
Replayed in turn, `[1:a, 2:b, 1:c]` at one slot had 2 evict 1 and `c` load fresh
(Safe-by-eviction), where `c` is served `a`'s weights.

So each piece of such work is a span of the trace's facts, pending until its frame reaches a
point where it has run: an `await` of anything but `asyncio.sleep` (its tasks and threads),
`gather` (its coroutines too; a coroutine awaited on its own runs alone), a join or a taken
result (`later_serves.finish`), the frame's return; a queued request until its engine steps.
There the frame's pending spans that ran are replayed together: each span's requests in the
order one batch gives them (`in_batch_order`), each with the drops its own code made just
before it; the drops a span makes after its last request come after every request. Work that
in fact ran one piece at a time makes this a false alarm, never a missed one.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, TypeVar

from analyzers.files.sites import name_tail
from analyzers.interpret.objects import RequestV
from analyzers.interpret.syntax import node_memo
from analyzers.interpret.trace import Fact, Served
from analyzers.interpret.values import Const, Sym, Value

if TYPE_CHECKING:
    from analyzers.files.parsing import Loc, SourceFile
    from analyzers.interpret.callargs import CallArgs
    from analyzers.interpret.runtime import Machine

# Calls that run the coroutine they are given to its end before they return (or before the
# `await` of them does): nothing else of the caller's runs beside it.
_RUN_ALONE = frozenset(
    {"run", "run_until_complete", "wait_for", "shield", "run_coroutine_threadsafe"}
)
# Calls that run the coroutines (and tasks) they are given together.
GATHERS = frozenset({"asyncio.gather", "asyncio.wait", "asyncio.as_completed"})

# Made with no argument (or 1), these let one holder at a time through `with` / `async with`.
LOCKS = frozenset(
    {"asyncio.Lock", "threading.Lock", "threading.RLock", "asyncio.Semaphore",
     "asyncio.BoundedSemaphore", "threading.Semaphore", "threading.BoundedSemaphore"}
)  # fmt: skip

COROUTINE = 0  # runs when a gather takes it (or alone, when awaited)
TASK = 1  # runs from the maker's next `await` on, beside the maker's other tasks
THREAD = 2  # runs at once, beside the others, until joined
QUEUED = 3  # `LLMEngine.add_request`: waits in the engine until it steps, wherever it was added
_ENGINE = -1  # the depth queued requests are kept at: no frame's return ends them
Span = tuple[int, int, int, int]  # frame depth, first fact, kind, task
T = TypeVar("T")


def made_to_run_beside(made: tuple[SourceFile, ast.expr] | None) -> bool:
    """Whether the coroutine made by the call `made` is not awaited where it is made
    (`await score(p)`) nor handed to a call that runs it alone (`asyncio.run(main())`)."""
    if made is None:
        return False
    return id(made[1]) not in _alone(made[0].tree)


def _alone(tree: ast.Module) -> frozenset[int]:
    def build() -> frozenset[int]:
        found: set[int] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Await):
                found.add(id(node.value))
            elif isinstance(node, ast.Call) and node.args and name_tail(node.func) in _RUN_ALONE:
                found.add(id(node.args[0]))
        return frozenset(found)

    return node_memo(tree, "runs_alone", build)


def lock(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    """A lock (or a semaphore of one): an unknown object, remembered as one, so that a serve
    made while holding it (`statements._with`) is known to run alone."""
    made = m.opaque(f"{qual}()", loc)
    value = args.get(0, "value")
    single = "Semaphore" not in qual or value is None or value == Const(1)  # `Semaphore()`: 1
    if single and isinstance(made, Sym):
        m.locks.add(made.key)
    return made


def holds_lock(m: Machine, manager: Value) -> bool:
    """Whether `with manager:` takes one of the run's locks (`lock`)."""
    return isinstance(manager, Sym) and manager.key in m.locks


def started(m: Machine, facts_from: int, kind: int, task: int = 0) -> None:
    """A piece of work the current frame made ran, from the fact `facts_from` on (`task`: its
    thread's or pool task's number, which `later_serves.finish` ends)."""
    m.beside.append((_ENGINE if kind == QUEUED else len(m.frames), facts_from, kind, task))


def stepped(m: Machine) -> None:
    """An engine stepped: the requests queued since the last step run together (one added
    after a step that left others unfinished is taken to run after them)."""
    _settle(m, _ENGINE, lambda item: True)


def ended(m: Machine) -> None:
    """The run is over: what is still pending ran together (queued requests an engine never
    stepped over are served by whatever steps it next)."""
    _settle_below(m, _ENGINE - 1)


def gathered(m: Machine) -> None:
    """`asyncio.gather(...)` (or `wait`, `as_completed`): the frame's pending coroutines and
    tasks run together."""
    _settle(m, len(m.frames), lambda item: True)


def awaited(m: Machine, node: ast.expr) -> None:
    """The current frame awaited `node`: its tasks and threads ran together up to here, and
    its coroutines and tasks are taken to be over (not after `asyncio.sleep`, which only lets
    them run)."""
    if m.beside and not _sleeps(node):
        _settle(m, len(m.frames), lambda item: item[2] != COROUTINE)


def finished(m: Machine, task: int) -> None:
    """The thread or pool task `task` was joined or its result taken: the frame's tasks and
    threads ran together up to here."""
    depth = next((item[0] for item in m.beside if item[3] == task), None)
    if depth is not None:
        _settle(m, depth, lambda item: item[2] != COROUTINE)


def returned(m: Machine) -> None:
    """A frame returned: what it left pending ran together, and is no one's to batch with."""
    if m.beside:
        _settle_below(m, len(m.frames))


def _settle_below(m: Machine, depth: int) -> None:
    """Settle the pending work of every frame deeper than `depth`, innermost first (each
    has run: its coroutines never awaited did not)."""
    for level in sorted({item[0] for item in m.beside if item[0] > depth}, reverse=True):
        _settle(m, level, lambda item: item[2] != COROUTINE)


def _settle(m: Machine, depth: int, runs: Callable[[Span], bool]) -> None:
    """The frame at `depth` reached a point where its pending work `runs` picks has run
    together: batch it, and drop the frame's pending work (all of it: what was not picked
    did not run, or ran alone)."""
    mine = [item for item in m.beside if item[0] == depth]
    starts = sorted(item[1] for item in mine if runs(item))
    if len(starts) >= 2:
        run_together(m, starts)
    if mine:
        m.beside = [item for item in m.beside if item[0] != depth]


def run_together(m: Machine, starts: list[int]) -> None:
    """The facts from `starts[0]` on, made by pieces of work that began at `starts` (sorted),
    in the order of one batch: each request with the facts its own piece made just before it
    (a `remove_lora(1)` before its serve), grouped per engine and id in the order each first
    comes; what a piece made after its last request comes after all of them."""
    facts = m.trace.facts
    if not starts or starts[0] >= len(facts):
        return
    units: list[tuple[object, list[Fact]]] = []
    tails: list[Fact] = []
    bounds = [*starts[1:], len(facts)]
    for start, end in zip(starts, bounds, strict=True):
        pending: list[Fact] = []
        for index in range(start, min(end, len(facts))):
            fact = facts[index]
            pending.append(fact)
            if isinstance(fact, Served):
                units.append(((id(fact.engine), batch_key(fact.request, index)), pending))
                pending = []
        tails += pending
    if len(units) < 2 or all(_alone_served(unit) for _, unit in units):
        return  # every request was made holding one lock: they ran one at a time
    facts[starts[0] :] = in_batch_order(units) + tails


def in_batch_order(keyed: Iterable[tuple[object, list[T]]]) -> list[T]:
    """Items in the order one batch meets them: those of a slot (`batch_key`) together, the
    slots in the order each first comes; a request whose id is already in the batch joins it,
    however many other ids wait (`max_loras` only holds back new ids)."""
    slots: dict[object, list[T]] = {}
    for slot, items in keyed:
        slots.setdefault(slot, []).extend(items)
    return [item for items in slots.values() for item in items]


def batch_key(item: Value, index: int) -> object:
    """What tells two requests of one call to share a slot: a literal id, or one unknown
    (its key and offset); any other request is its own."""
    lora_id = item.lora_id if isinstance(item, RequestV) else None
    if isinstance(lora_id, Const):
        return ("literal", lora_id.value)
    if isinstance(lora_id, Sym) and not lora_id.opaque:
        return ("unknown", lora_id.key, lora_id.offset)
    return ("own", index)


def _alone_served(unit: list[Fact]) -> bool:
    served = unit[-1]
    return isinstance(served, Served) and served.alone


def _sleeps(node: ast.expr) -> bool:
    return (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "sleep"
    )
