"""One interpreted run of a driver: state, statements, and the limits keeping it finite."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import libcst as cst

from analyzers.files.parsing import Loc
from analyzers.files.program import Module, ModuleLoader
from analyzers.interpret import assign, calls, classes, expressions, statements
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import EngineV
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import BudgetExhausted, ProgramExit, Raised
from analyzers.interpret.trace import Trace
from analyzers.interpret.values import (
    ClassV,
    Concat,
    Const,
    Ext,
    FuncV,
    Hashed,
    ListV,
    ModV,
    Obj,
    Sym,
    Value,
)
from analyzers.interpret.worlds import Oracle

ENTRY_CALLS = 2


@dataclass(frozen=True)
class Limits:
    """How far one run may go; every limit turns into a stated assumption, never a crash."""

    symbolic_iterations: int = 3  # iterations of a loop over something of unknown length
    loop_cap: int = 64  # iterations of a loop over something known, before it is cut short
    call_depth: int = 8  # nested calls into the repository's own functions
    steps: int = 100_000  # evaluated nodes per run
    total_steps: int = 400_000  # evaluated nodes for all runs of one driver together
    max_items: int = 10_000  # a literal container larger than this becomes unknown


@dataclass
class Write:
    """A write into a folder between requests (`target` None when the folder is unknown)."""

    target: Value | None
    loc: Loc
    proc: int
    kind: str = "file"  # "model" (a save API: an unknown folder may be the adapter's) or "file"


@dataclass
class Frame:
    """One active call into the repository's code (for recursion, memoisation and `return`)."""

    func: FuncV
    serial: int
    bound: dict[str, Value] = field(default_factory=dict)


class Machine:
    """Runs a module or a function on abstract values, recording a `Trace`."""

    def __init__(
        self, loader: ModuleLoader, oracle: Oracle, limits: Limits, spent: list[int] | None = None
    ) -> None:
        self.loader = loader
        self.spent = spent if spent is not None else [0]  # shared by every run of one driver
        self.oracle = oracle
        self.limits = limits
        self.trace = Trace(loop_cap=limits.loop_cap)
        self.modules: dict[str, ModV | None] = {}
        self.frames: list[Frame] = []
        self.loops: list[Loc] = []
        self.writes: list[Write] = []
        self.covered: set[tuple[str, int, int]] = set()
        self.yield_handlers: list[Callable[[Value], Value]] = []
        self.call_records: dict[int, tuple[cst.CSTNode, dict[str, Value]]] = {}
        self.implicit_engine: EngineV | None = None
        self.proc = 0
        self.call = 0
        self.importing = 0
        self.steps = 0
        self._serial = 0

    # -- bookkeeping -------------------------------------------------------------------------

    def serial(self) -> int:
        self._serial += 1
        return self._serial

    def new_process(self) -> int:
        """A fresh process id: engines used there start with an empty cache."""
        return self.serial()

    def tick(self) -> None:
        self.steps += 1
        self.spent[0] += 1
        if self.steps > self.limits.steps or self.spent[0] > self.limits.total_steps:
            raise BudgetExhausted

    def loc(self, module: Module, node: cst.CSTNode) -> Loc:
        return module.source.loc(node)

    def opaque(self, desc: str, loc: Loc | None = None) -> Sym:
        """A fresh unknown result of code the analysis cannot see."""
        where = str(loc) if loc is not None else ""
        return Sym(f"opaque#{self.serial()}", desc, opaque=True, where=where)

    def fixed(self, key: str, desc: str, loc: Loc | None = None) -> Sym:
        """An unknown that stays the same for the whole run (a CLI argument, a parameter)."""
        return Sym(key, desc, where=str(loc) if loc is not None else "")

    # -- decisions ---------------------------------------------------------------------------

    def truth(self, value: Value, *, default: bool, loc: Loc) -> bool:
        """Whether a condition holds; an undecidable one is answered by the world's oracle.

        While an imported module runs its top level (version checks, optional imports), the
        default is taken without a second world: those branches do not serve adapters.
        """
        known = truthiness(value)
        if known is not None:
            return known
        if self.importing:
            return default
        memo = _memo_key(value)
        choice = self.oracle.decide(default, memo)
        if memo is None or memo not in self.trace.decisions:
            self.trace.decisions.append(memo or f"{loc.code} ({loc})")
        return choice

    # -- entry points ------------------------------------------------------------------------

    def run_main(self, module: Module) -> None:
        """Run a file as `python file.py` would: top level with `__name__ == "__main__"`."""

        def go() -> None:
            self.exec_module(module, as_main=True)

        self._guarded(go)

    def run_function(self, module: Module, path: Sequence[str]) -> None:
        """Import `module`, then call its function (or `Class.method`) with unknown arguments."""

        def go() -> None:
            where = self.loc(module, module.source.module)
            target: Value = self.import_path(module)
            for name in path[:-1]:
                target = classes.get_attribute(self, target, name, where)
                if isinstance(target, ClassV):
                    target = classes.instantiate(self, target, [], {}, where)
            func = classes.get_attribute(self, target, path[-1], where)
            # Called twice, as a caller outside the analysis may: state kept between calls
            # (an engine built at import or in __init__) meets a second adapter.
            self.trace.entry = ".".join(path)
            for self.call in range(ENTRY_CALLS):
                calls.call_value(self, func, CallArgs(), where)

        self._guarded(go)

    def _guarded(self, action: Callable[[], None]) -> None:
        try:
            action()
        except ProgramExit:
            pass
        except Raised as exc:
            self.trace.assume(f"the run stops at the `raise {exc.type_name}` on line {exc.line}")
        except BudgetExhausted:
            self.trace.incomplete = (
                f"the analysis took more than {self.limits.total_steps:,} steps"
                if self.spent[0] > self.limits.total_steps
                else f"one run exceeded {self.limits.steps:,} steps"
            )
        except RecursionError:
            self.trace.incomplete = "the code nests too deeply to follow"

    def exec_module(self, module: Module, *, as_main: bool) -> ModV:
        scope = Scope(module)
        scope.vars["__name__"] = Const("__main__" if as_main else module.name)
        scope.vars["__file__"] = Const(module.path)
        scope.vars["__package__"] = Const(module.package)
        modv = ModV(module, scope)
        if not as_main:
            self.modules[module.name] = modv
            self.importing += 1
        try:
            self.exec_block(module.source.module.body, scope)
        finally:
            if not as_main:
                self.importing -= 1
        return modv

    def import_path(self, module: Module) -> ModV:
        known = self.modules.get(module.name)
        if isinstance(known, ModV):
            return known
        return self.exec_module(module, as_main=False)

    def import_module(self, name: str, importer: Module) -> ModV | None:
        """A same-repository module by dotted name, its top level run once; None if external."""
        if name in self.modules:
            return self.modules[name]
        module = self.loader.load(name, importer)
        if module is None:
            self.modules[name] = None
            return None
        return self.exec_module(module, as_main=False)

    # -- statements and expressions ----------------------------------------------------------

    def exec_block(self, body: Sequence[cst.CSTNode], scope: Scope) -> None:
        for statement in body:
            statements.execute(self, statement, scope)

    def eval(self, node: cst.BaseExpression, scope: Scope) -> Value:
        self.tick()
        return expressions.evaluate(self, node, scope)

    def assign(self, target: cst.BaseExpression, value: Value, scope: Scope) -> None:
        assign.assign_target(self, target, value, scope)

    # -- adapter folders ---------------------------------------------------------------------

    def record_write(self, target: Value | None, loc: Loc, *, kind: str = "file") -> None:
        self.writes.append(Write(target, loc, self.proc, kind))

    def engine_dropped(self, engine: EngineV, loc: Loc) -> None:
        self.trace.assume(f"the engine built at {engine.loc} is dropped at {loc}")


def truthiness(value: Value) -> bool | None:
    """Python truthiness when the abstract value decides it."""
    if isinstance(value, Const):
        try:
            return bool(value.value)
        except Exception:
            return None
    if isinstance(value, ListV):
        return bool(value.items)
    if isinstance(value, Concat):
        return True if any(isinstance(p, Const) and p.value for p in value.parts) else None
    if isinstance(value, Hashed):
        return None
    if isinstance(value, Sym):
        return None
    if isinstance(value, Ext | FuncV | ModV):
        return True
    if isinstance(value, Obj):
        return classes.object_truthiness(value)
    return None


def _memo_key(value: Value) -> str | None:
    """A fixed unknown (a flag) gets the same answer everywhere in one run."""
    if isinstance(value, Sym) and not value.opaque:
        return f"{value.key}{value.offset:+d}"
    return None
