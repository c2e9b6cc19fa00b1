"""One interpreted run of a driver: state, statements, and the limits keeping it finite."""

from __future__ import annotations

from collections.abc import Callable, Sequence

import libcst as cst

from analyzers.files.parsing import Loc
from analyzers.files.program import Module, ModuleLoader
from analyzers.interpret import (
    assign,
    calls,
    classes,
    conditions,
    entry_args,
    expressions,
    relevance,
    statements,
    unseen,
)
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.conversions import truthiness
from analyzers.interpret.objects import EngineV, Unseen
from analyzers.interpret.runtime import Frame, Limits, Write
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import BudgetExhausted, ProgramExit, Raised
from analyzers.interpret.trace import StopKind, Trace
from analyzers.interpret.values import (
    ClassV,
    Cond,
    Const,
    ModV,
    Sym,
    Value,
)
from analyzers.interpret.worlds import Oracle

ENTRY_CALLS = 2


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
        self.unseen = Unseen()
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

    def truth(
        self,
        value: Value,
        *,
        default: bool,
        loc: Loc,
        branches: tuple[Module, Sequence[cst.CSTNode | None]] | None = None,
    ) -> bool:
        """Whether a condition holds; an undecidable one is answered by the world's oracle.

        While an imported module runs its top level (version checks, optional imports), the
        default is taken without a second world: those branches do not serve adapters.
        `branches` (the module and the code each side runs) lets the search try first the
        decisions whose branches can matter; without it the decision has a middle weight.
        """
        known = truthiness(value)
        if known is None:
            known = conditions.settled(self.oracle, value)
        if known is not None:
            return known
        if self.importing:
            return default
        memo = _memo_key(value)
        weight = relevance.CALLS
        if branches is not None:
            weight = relevance.weight(*branches)
            if not default:  # the default side leaves early: the other side is the rest
                weight = max(weight, relevance.CALLS)
        if isinstance(value, Cond):
            return conditions.decide(self, value, default=default, loc=loc, weight=weight)
        choice = self.oracle.decide(default, memo, weight)
        if memo is None or memo not in self.trace.decisions:
            where = f"{loc.code} ({loc})"
            self.trace.decisions.append(memo or where)
            self.trace.conditions.setdefault(memo or where, where)
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
                    target = entry_args.instance(self, target, where)
            func = classes.get_attribute(self, target, path[-1], where)
            # Called twice, as a caller outside the analysis may: state kept between calls
            # (an engine built at import or in __init__) meets a second adapter.
            self.trace.entry = ".".join(path)
            unseen.call_as_entry(
                self,
                func,
                where,
                ENTRY_CALLS,
                arguments=lambda: entry_args.arguments(self, func, where),
            )

        self._guarded(go)

    def _guarded(self, action: Callable[[], None]) -> None:
        try:
            action()
        except ProgramExit:
            self.trace.stop(StopKind.EXIT, "the program exits")
        except Raised as exc:
            where = str(exc.loc) if exc.loc is not None else f"line {exc.line}"
            self.trace.assume(f"the run stops at the `raise {exc.type_name}` at {where}")
            self.trace.stop(StopKind.RAISE, f"`raise {exc.type_name}`", exc.loc)
        except BudgetExhausted:
            self.trace.incomplete = (
                f"the analysis took more than {self.limits.total_steps:,} steps"
                if self.spent[0] > self.limits.total_steps
                else f"one run exceeded {self.limits.steps:,} steps"
            )
            self.trace.stop(StopKind.BUDGET, self.trace.incomplete)
        except RecursionError:
            self.trace.incomplete = "the code nests too deeply to follow"
            self.trace.stop(StopKind.NESTING, self.trace.incomplete)

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

    def call_value(self, func: Value, args: CallArgs, loc: Loc) -> Value:
        return calls.call_value(self, func, args, loc)

    def get_attribute(self, owner: Value, name: str, loc: Loc) -> Value:
        return classes.get_attribute(self, owner, name, loc)

    # -- adapter folders ---------------------------------------------------------------------

    def record_write(self, target: Value | None, loc: Loc, *, kind: str = "file") -> None:
        self.writes.append(Write(target, loc, self.proc, kind))

    def engine_dropped(self, engine: EngineV, loc: Loc) -> None:
        self.trace.assume(f"the engine built at {engine.loc} is dropped at {loc}")


def _memo_key(value: Value) -> str | None:
    """A fixed unknown (a flag) gets the same answer everywhere in one run."""
    if isinstance(value, Sym) and not value.opaque:
        return f"{value.key}{value.offset:+d}"
    return None
