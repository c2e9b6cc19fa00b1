"""What a model of outside code may ask of the interpreter running it: the `Machine` protocol.

The models of code outside the repository (builtins, the standard library, vLLM and its server,
argparse, containers, loops, processes) type against this protocol instead of importing the
evaluator, and call back into it only through `call_value` and `get_attribute`. So the one import
circle left in the interpreter is the evaluator core itself (machine, statements, expressions,
calls, classes, assignments, imports), and the models below it can be read on their own.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Protocol

from analyzers.files.parsing import Loc
from analyzers.files.program import Module, ModuleLoader
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import EngineV, Unseen
from analyzers.interpret.trace import (
    CountTest,
    Guard,
    PeriodicTest,
    Place,
    Removed,
    Served,
    Trace,
)
from analyzers.interpret.values import FuncV, ModV, Sym, Value
from analyzers.interpret.worlds import Oracle

if TYPE_CHECKING:
    import ast
    from collections.abc import Callable


# Items of a loop of unknown length a widened search follows to see a test of a count modulo k
# come round (2k + 1: the first pass may be the k-th, and a remainder's tests are decided by the
# first item's over a whole period; `judge/unrolling.py`). The step budget still bounds the
# search, which says so when it ends it.
MAX_PERIODIC_ITERATIONS = 129


@dataclass(frozen=True)
class Limits:
    """How far one run may go; every limit turns into a stated assumption, never a crash."""

    symbolic_iterations: int = 3  # iterations of a loop over something of unknown length
    loop_cap: int = 64  # iterations of a loop over something known, before it is cut short
    call_depth: int = 8  # nested calls into the repository's own functions
    # deeper still, a call into a module that names a request site is followed (a framework's
    # `infer()` → … → `_add_request()` → `super()._add_adapter()`): depth spent where it matters
    site_call_depth: int = 16
    steps: int = 100_000  # evaluated nodes per run
    total_steps: int = 400_000  # evaluated nodes for all runs of one driver together
    # Where one search stops, counted as `total_steps` is (None: at `total_steps`): an entry
    # that begins after the driver's budget is spent still gets a first run (`late_entry`).
    stop_at: int | None = None
    late_entry_steps: int = 10_000  # that first run's own share
    late_entries_steps: int = 100_000  # what all late entries together may spend past the budget
    max_items: int = 10_000  # a literal container larger than this becomes unknown

    @property
    def stops_at(self) -> int:
        return self.stop_at if self.stop_at is not None else self.total_steps

    def late_entry(self, spent: int) -> Limits:
        """The limits of an entry that begins with `spent` steps already used: past the
        budget, a share of its own (while the late entries' allowance lasts), so that no
        entry goes unanalysed only because the ones before it took the budget."""
        if spent <= self.total_steps:
            return self
        allowance = self.total_steps + self.late_entries_steps
        return replace(self, stop_at=min(spent + self.late_entry_steps, allowance))


@dataclass
class Write:
    """A write into a folder between requests (`target` None when the folder is unknown)."""

    target: Value | None
    loc: Loc
    proc: int
    # "model" (a save API: an unknown folder may be the adapter's), "file", or "watched" (the run
    # reads the folder's modification time: another process rewrites it between requests);
    # "thread" or "generator" for one told of again before a later request (`concurrent`)
    kind: str = "file"


@dataclass(frozen=True)
class LaterItem:
    """A request a generator (or a thread) served while its body ran at once, which its later
    items may serve after a write of the run (`later_serves.py`): `piece`, what an item makes
    again, is the drops that always come before the request, then the request."""

    served: Served
    piece: tuple[Removed | Served, ...]
    by: str  # what serves it: `folders.LATER_ITEM` (a generator), `THREAD_ITEM`, ...
    task: int = 0  # the thread or pool task it ends with (`later_serves.finish`)


@dataclass
class Frame:
    """One active call into the repository's code (for recursion, memoisation and `return`)."""

    func: FuncV
    serial: int
    bound: dict[str, Value] = field(default_factory=dict)
    call: Loc | None = None  # where it was called from


@dataclass
class Consumer:
    """A `for` loop over a call that may make a generator (`statements._for`): a generator
    function called there hands each item it yields to `take`, which runs the loop's body
    then, so the body's work comes between the items, as Python runs it; `ran` says it did."""

    call: ast.expr  # the loop's iterable, or the call inside `enumerate(...)`/`islice(...)`
    take: Callable[[Value], None]
    ran: bool = False


class Machine(Protocol):
    """One interpreted run, as the models see it (`machine.Machine` is the one implementation)."""

    trace: Trace
    limits: Limits
    oracle: Oracle
    loader: ModuleLoader
    frames: list[Frame]  # the active calls into the repository's code, innermost last
    loops: list[Loc]  # the loops being run, innermost last
    yield_handlers: list[Callable[[Value], Value]]  # what each `yield` under way does
    # tests of counts in the `if` condition being evaluated (None: no condition under way)
    periodic_pending: list[PeriodicTest | CountTest] | None
    writes: list[Write]
    cwd: Value | None
    beside: list[tuple[int, int, int, int]]  # work in flight together (`concurrency.Span`)
    locks: set[str]  # the unknowns that are locks (`concurrency.lock`)
    holding: int  # how many of them the run holds now
    covered: set[tuple[str, int, int]]  # request sites reached: (path, line, column)
    entered: set[int]  # the functions of the repository the run called (`id` of each node)
    catching: list[tuple[int, str, Loc]]  # `try`s under way: frame depth, caught type, where
    call_records: dict[int, tuple[ast.AST, dict[str, Value]]]
    implicit_engine: EngineV | None
    proc: int  # the process the run is in (a child process starts with an empty cache)
    task_workers: dict[str, int]  # a Ray remote function's reused worker process, by definition
    discarded: Loc | None  # the call being run as a bare statement, its result dropped
    concurrent: list[Write]  # writes of threads the run started: they go on beside it
    later_serves: list[LaterItem]  # served again after a write (`later_serves.py`)
    named_actors: dict[str, Value]  # Ray actors by name (`options(name=..., get_if_exists=True)`)
    call: int  # which of the repeated calls of an entry function is running
    unseen: Unseen  # what is known of code and objects outside the analysis
    importing: int  # how many imported modules' top levels are under way (their guesses stay)
    in_worker: int  # how many worker-extension methods are under way (`worker_extension.py`)
    stand_ins: dict[str, Value]  # modules replaced in `sys.modules` (`stand_ins.py`)
    mocked: set[str]  # functions of other packages a `@patch` in force replaces (`requests.post`)
    seeded: dict[str, tuple[str, int]]  # a seeded global generator: (its seed, draws since)
    environ: dict[str, Value | None]  # environment variables the run set (None: deleted)
    framework_ids: int  # how many requests a framework's `load_lora` made (`vllm_api`)
    modules: dict[str, ModV | None]  # the modules imported so far (None: not the repository's)

    def serial(self) -> int:
        """A number never handed out before in this run."""
        ...

    def new_process(self) -> int: ...

    def place(self) -> Place:
        """The blocks under way and the statement in each (where a fact happened)."""
        ...

    def guards(self) -> frozenset[Guard]:
        """The `if` sides the run is under."""
        ...

    def drop_needs(self, name: str) -> tuple[frozenset[Guard] | None, ...]:
        """What a run needs, per level of `place()`, to make the drop `name(...)` made now."""
        ...

    def finally_of(self, needs: tuple[frozenset[Guard] | None, ...]) -> Place | None:
        """The `try` whose `finally` makes the drop made now, whatever its body does."""
        ...

    def opaque(self, desc: str, loc: Loc | None = None) -> Sym:
        """A fresh unknown: the result of code the analysis cannot see."""
        ...

    def fixed(self, key: str, desc: str, loc: Loc | None = None) -> Sym:
        """An unknown that stays the same for the whole run (a CLI argument)."""
        ...

    def record_write(self, target: Value | None, loc: Loc, *, kind: str = "file") -> None: ...

    def ask(self, question: str, memo: str, *, default: bool, weight: int = 1) -> bool:
        """The world's answer to a question the analysis cannot decide, once per `memo`."""
        ...

    def truth(self, value: Value, *, default: bool, loc: Loc) -> bool:
        """Whether a condition holds; an undecidable one is answered by the world's oracle."""
        ...

    def call_value(self, func: Value, args: CallArgs, loc: Loc) -> Value:
        """Call a value as the analysed code would (its own functions are interpreted)."""
        ...

    def import_module(self, name: str, importer: Module) -> ModV | None:
        """A same-repository module by dotted name, its top level run once; None if external."""
        ...

    def get_attribute(self, owner: Value, name: str, loc: Loc) -> Value:
        """`owner.name` as the analysed code would read it."""
        ...

    def set_attribute(self, owner: Value, name: Value, value: Value, loc: Loc) -> None:
        """`setattr(owner, name, value)` as the analysed code would run it."""
        ...
