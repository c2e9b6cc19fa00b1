"""A module's top level run once per driver, however many worlds import it the same way.

A world re-runs the driver up to the condition where it leaves the world before it, and on
framework repositories most of those steps are imports a name read late sets off (`from swift
import load_dataset` inside `main()` runs the whole dataset registry): half of ms-swift's
steps were such repeats. Saved states (`resume.py`) cannot help there, since the import runs
inside a call.

Two worlds that reach an import with the same history (the same start, the same answers, the
same steps) are in the same state, because the machine is deterministic; the import then does
the same thing in both. So the first one's import is kept as what it added (modules, notes on
the trace, counters), and the second one takes a copy of that instead of running it. That
holds only for an import that is all its own: one that read no module imported before it, no
attribute the run wrote on an unknown object before it, and left the run's facts, answers and
objects as they were. Any other import runs as usual (most of ms-swift's repeats read a
module of the package imported before them, so they still run: copying them needs the copy's
references into those modules mapped to the later world's objects). As with a saved state,
the steps a copy stands for move the run on (its own limit holds) but cost the driver's budget
nothing: the budget bounds the work done, and the search gets further for the copies.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from analyzers.interpret.snapshot import RunStandIn, Snapshot, Uncopyable, copy_state
from analyzers.interpret.values import ModV

if TYPE_CHECKING:
    from analyzers.files.program import Module
    from analyzers.interpret.machine import Machine

# Trace lists an import may add to (notes on what it could not see); any other part of the
# trace changed by an import (a fact, a request, a decision) makes it the run's own.
_NOTES = (
    "unknowns",
    "assumptions",
    "truncated",
    "symbolic_loops",
    "periodic_tests",
    "count_tests",
    "inputs",
)
_KEPT_OBJECTS = 300_000  # objects kept in copies of imports, per driver
# A shorter import is run again, copying it would cost about as much: a fifth of the steps
# after which a run's whole state is worth a copy (`resume.py`), as an import is a part of it.
_SHORTER = 5


class _Watched(dict[Any, Any]):
    """The run's attributes on unknown objects while an import runs: reading one written
    before the import makes the import depend on the run so far."""

    def __init__(self, items: dict[Any, Any], reads: list[bool]) -> None:
        super().__init__(items)
        self.before = dict(items)  # what the run had written before the import
        self.reads = reads

    def _read(self, key: object) -> None:
        if key in self.before:
            self.reads[0] = True

    def _read_all(self) -> None:
        self.reads[0] = self.reads[0] or bool(self.before)

    def get(self, key: Any, default: Any = None) -> Any:
        self._read(key)
        return super().get(key, default)

    def __getitem__(self, key: Any) -> Any:
        self._read(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self._read(key)
        return super().__contains__(key)

    def items(self) -> Any:
        self._read_all()
        return super().items()

    def values(self) -> Any:
        self._read_all()
        return super().values()

    def keys(self) -> Any:
        self._read_all()
        return super().keys()

    def __iter__(self) -> Any:
        self._read_all()
        return super().__iter__()


@dataclass
class KeptImport:
    """What one import added to a run, as a private copy, and the counters it moved."""

    snapshot: Snapshot
    steps: int
    serial: int  # the serial counter after it
    blocks: int  # the block-run counter after it
    unseen_results: int
    import_guesses: int


@dataclass
class KeptImports:
    """The imports of one driver's analysis kept so far, by the history that led to each."""

    found: dict[Hashable, KeptImport] = field(default_factory=dict)
    objects: int = 0


@dataclass
class Watch:
    """An import under way that may be kept: what the run was before it."""

    before: frozenset[str]  # the modules imported before it (ModV entries)
    unseen_reads: list[bool] = field(default_factory=lambda: [False])
    read_earlier_module: bool = False


def history(m: Machine, module: Module) -> Hashable | None:
    """The key of an import: where the world's run started, what it answered so far (before
    the saved state it took up, too) and how far it ran; None when the run holds what an
    import could reach besides modules (a stand-in in `sys.modules`, an engine, a Ray actor),
    or is not one a copy may be taken into."""
    if (
        m.resumes is None
        or m.importing
        or m.stand_ins
        or m.implicit_engine is not None
        or m.named_actors
        or m.task_workers
        or m.unseen.held is not None
        or m.unseen.engines
        or m.unseen.adopted
        or m.unseen.apart
        or m.unseen.registered
        or m.unseen.trainers
    ):
        return None
    oracle = m.oracle
    return (
        module.name,
        m.origin,
        tuple(oracle.taken),
        (*m.log_before, *oracle.log),
        m.steps,
        m.proc,
        m.call,
    )


def take(m: Machine, kept: KeptImports, key: Hashable) -> ModV | None:
    """The module as the kept import left it, copied into this run; None if none is kept or
    its steps would pass the run's own limit (then the import runs, and stops where it would)."""
    found = kept.found.get(key)
    if found is None:
        return None
    if m.steps + found.steps > m.limits.steps:
        return None
    state, _ = copy_state(
        found.snapshot.state, {id(found.snapshot.origin): m, id(m.loader): m.loader}
    )
    m.modules.update(state["modules"])
    for name in _NOTES:
        getattr(m.trace, name).extend(state[name])
    m.unseen.attrs.update(state["attrs"])
    m.unseen.used |= state["used"]
    m.unseen.escaped |= state["escaped"]
    m.unseen.kept |= state["kept"]
    m.steps += found.steps  # where the run is; the driver's budget pays for work done
    m._serial = found.serial
    m._blocks = found.blocks
    m.unseen_results += found.unseen_results
    m.import_guesses += found.import_guesses
    module = state["module"]
    assert isinstance(module, ModV)
    return module


def run_kept(
    m: Machine,
    kept: KeptImports,
    key: Hashable,
    min_steps: int,
    run: Callable[[], ModV],
) -> ModV:
    """Run the import, and keep what it added when it was all its own."""
    before = _state(m)
    watch = Watch(frozenset(name for name, value in m.modules.items() if isinstance(value, ModV)))
    attrs = m.unseen.attrs
    watched = _Watched(attrs, watch.unseen_reads)
    m.unseen.attrs = watched
    previous, m.import_watch = m.import_watch, watch
    try:
        result = run()
    finally:
        m.import_watch = previous
        # The run's own dict again (code may hold it), with what the import wrote; read past
        # the watch, which is not the import reading.
        attrs.update(dict.items(watched))
        m.unseen.attrs = attrs
    if (
        watch.read_earlier_module
        or watch.unseen_reads[0]
        or m.steps - before["steps"] < min_steps // _SHORTER
        or kept.objects >= _KEPT_OBJECTS
    ):
        return result
    delta = _delta(m, before, watched.before)
    if delta is None:
        return result
    origin = RunStandIn()
    delta["module"] = result
    try:
        copied, size = copy_state(delta, {id(m): origin, id(m.loader): m.loader})
    except Uncopyable:
        return result
    kept.objects += size
    kept.found[key] = KeptImport(
        Snapshot(origin, copied),
        m.steps - before["steps"],
        m._serial,
        m._blocks,
        m.unseen_results - before["unseen_results"],
        m.import_guesses - before["import_guesses"],
    )
    return result


def _state(m: Machine) -> dict[str, Any]:
    trace, unseen = m.trace, m.unseen
    return {
        "steps": m.steps,
        "unseen_results": m.unseen_results,
        "import_guesses": m.import_guesses,
        "modules": set(m.modules),
        "log": len(m.oracle.log),
        "taken": len(m.oracle.taken),
        "notes": {name: len(getattr(trace, name)) for name in _NOTES},
        "fixed": _fixed(m),
        "used": set(unseen.used),
        "escaped": set(unseen.escaped),
        "kept": set(unseen.kept),
    }


def _fixed(m: Machine) -> tuple[object, ...]:
    """What an import that may be kept leaves as it was (sizes stand for contents: each only
    grows during a run, and an import that added to one is not kept)."""
    trace, unseen = m.trace, m.unseen
    return (
        len(trace.facts),
        len(trace.requests),
        len(trace.decisions),
        len(trace.mock_serves),
        len(trace.cache_patches),
        len(trace.stops),
        len(trace.version_checks),
        len(trace.heavy),
        len(trace.conditions),
        len(trace.same_inputs),
        len(trace.compared),
        len(trace.apart),
        len(trace.taken_literals),
        trace.incomplete,
        trace.unordered,
        trace.search_ended,
        trace.version_gate,
        trace.entry,
        len(m.writes),
        len(m.concurrent),
        len(m.later_serves),
        len(m.covered),
        len(m.call_records),
        len(unseen.escaped_objects),
        len(unseen.registered),
        unseen.call_started,
        m.proc,
        m.call,
        bool(m.stand_ins),
        m.implicit_engine is None,
        bool(m.named_actors),
        bool(m.task_workers),
        unseen.held is None,
        bool(unseen.engines),
        bool(unseen.adopted),
        bool(unseen.apart),
        sum(map(len, unseen.trainers.values())),
        len(unseen.trained),
        len(unseen.folders),
    )


def _delta(m: Machine, before: dict[str, Any], attrs: dict[Any, Any]) -> dict[str, Any] | None:
    """What the import added, or None when it changed anything else."""
    if (
        len(m.oracle.log) != before["log"]
        or len(m.oracle.taken) != before["taken"]
        or _fixed(m) != before["fixed"]
    ):
        return None
    now = m.unseen.attrs
    if any(now.get(key) is not value for key, value in attrs.items()):
        return None  # an attribute written before was written again
    trace = m.trace
    return {
        "modules": {
            name: value for name, value in m.modules.items() if name not in before["modules"]
        },
        **{name: getattr(trace, name)[before["notes"][name] :] for name in _NOTES},
        "attrs": {key: value for key, value in now.items() if key not in attrs},
        "used": m.unseen.used - before["used"],
        "escaped": m.unseen.escaped - before["escaped"],
        "kept": m.unseen.kept - before["kept"],
    }
