"""One interpreted run of a driver: state, statements, and the limits keeping it finite."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from analyzers.files.parsing import Loc
from analyzers.files.program import Module, ModuleLoader
from analyzers.interpret import (
    assign,
    calls,
    classes,
    concurrency,
    conditions,
    entry_args,
    expressions,
    fixtures,
    folders,
    import_reuse,
    later_serves,
    places,
    relevance,
    statements,
    trainers,
    unseen,
)
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.conversions import truthiness
from analyzers.interpret.objects import EngineV, Unseen
from analyzers.interpret.places import Mark
from analyzers.interpret.resume import Points, Resumes, Saved
from analyzers.interpret.runtime import Consumer, Frame, LaterItem, Limits, Write
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import BudgetExhausted, ProgramExit, Raised
from analyzers.interpret.snapshot import RunStandIn, Snapshot, Uncopyable, copy_state
from analyzers.interpret.trace import (
    BlockEntry,
    CountTest,
    Guard,
    PeriodicTest,
    Place,
    StopKind,
    Trace,
)
from analyzers.interpret.values import (
    NONE,
    OPAQUE_PREFIX,
    ClassV,
    Cond,
    Const,
    FuncV,
    InstV,
    LazyImport,
    ModV,
    Residue,
    Sym,
    Value,
    class_attribute,
)
from analyzers.interpret.worlds import Oracle

ENTRY_CALLS = 2
_PASS = ast.Pass()  # the statement an empty block stands at
# A saved point inside a top-level `if` side: the `if`'s index times this, plus the statement.
_IN_BLOCK = 1 << 20
# A block taken up inside: its run, the step it began at, the statement to go on from.
BlockResume = tuple[int, int, int]
IN_TURN = "*"  # an entry `(Class or "", IN_TURN, m1, m2, ...)`: those functions in turn
# The run state a snapshot holds: everything a run changes, except the answers of its oracle.
_STATE = (
    "trace",
    "modules",
    "writes",
    "concurrent",
    "later_serves",
    "covered",
    "entered",
    "call_records",
    "implicit_engine",
    "unseen",
    "proc",
    "call",
    "import_guesses",
    "steps",
    "_serial",
    "_blocks",
    "stand_ins",
    "mocked",
    "seeded",
    "environ",
    "framework_ids",
)


class Machine:
    """Runs a module or a function on abstract values, recording a `Trace`."""

    def __init__(
        self,
        loader: ModuleLoader,
        oracle: Oracle,
        limits: Limits,
        spent: list[int] | None = None,
        resumes: Resumes | None = None,
    ) -> None:
        self.loader = loader
        self.resumes = resumes
        self._since = 0  # the step count when this run last saved or took up a state
        self.spent = spent if spent is not None else [0]  # shared by every run of one driver
        self.oracle = oracle
        self.limits = limits
        self._stops_at = limits.stops_at  # read at every step: a property call there costs
        self.trace = Trace(loop_cap=limits.loop_cap)
        self.modules: dict[str, ModV | None] = {}
        self.frames: list[Frame] = []
        self.loops: list[Loc] = []
        # tests of counts (`operators.compare`) in the `if` condition being evaluated
        self.periodic_pending: list[PeriodicTest | CountTest] | None = None
        self.writes: list[Write] = []
        # The directory `os.chdir` moved the process to (None: where it started), which
        # relative paths written or served after it are read from (`folders.from_directory`).
        self.cwd: Value | None = None
        self.covered: set[tuple[str, int, int]] = set()
        self.entered: set[int] = set()
        # The `try`s whose body is under way: the frame depth each is in, the exception its
        # first handler catches, and where it is (`callee_raises.py`).
        self.catching: list[tuple[int, str, Loc]] = []
        self.yield_handlers: list[Callable[[Value], Value]] = []
        self.consumer: Consumer | None = None  # the `for` loop waiting for a generator's items
        self.call_records: dict[int, tuple[ast.AST, dict[str, Value]]] = {}
        self.implicit_engine: EngineV | None = None
        self.unseen = Unseen()
        self.proc = 0
        self.task_workers: dict[str, int] = {}
        self.discarded: Loc | None = None
        self.concurrent: list[Write] = []
        # Work in flight beside what made it (`concurrency.Span`).
        self.beside: list[tuple[int, int, int, int]] = []
        self.locks: set[str] = set()  # the unknowns that are locks (`concurrency.lock`)
        self.holding = 0  # how many of them the run holds now (`with lock:`)
        self.later_serves: list[LaterItem] = []  # `later_serves.py`
        self.mocked: set[str] = set()  # `@patch("mod.requests.post")` in force: `calls.patched`
        self.seeded: dict[str, tuple[str, int]] = {}  # generator -> (seed, draws since): `stdlib`
        self.environ: dict[str, Value | None] = {}  # variables the run set (None: deleted)
        self.framework_ids = 0  # ids a framework's `load_lora` handed out (`vllm_api`)
        self.named_actors: dict[str, Value] = {}
        self.call = 0
        self.importing = 0
        self.in_worker = 0  # how many worker-extension methods are under way (synchronous there)
        self.stand_ins: dict[str, Value] = {}
        self.import_guesses = 0  # undecidable import-time conditions answered by their default
        self.steps = 0
        self._serial = 0
        # unknowns made so far (`opaque`, `fixed`): code the analysis cannot see ran, or read
        # what only the run-time knows; either may raise
        self.unseen_results = 0
        # The blocks under way, outermost first (`places.Mark`): facts record where they
        # happened from them.
        self.marks: list[Mark] = []
        self._blocks = 0
        # Where this world's run started (the script or an entry), and the answers given before
        # the saved state it took up, if it took one: with its own answers and steps, the
        # history that an import is kept by (`import_reuse.py`).
        self.origin: tuple[object, ...] = ()
        self.log_before: tuple[str, ...] = ()
        self.import_watch: import_reuse.Watch | None = None

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
        if self.steps > self.limits.steps or self.spent[0] > self._stops_at:
            self.trace.heavy = places.entered_by(
                self.marks, self.oracle.log_index, self.steps, self.limits.steps // 2
            )
            raise BudgetExhausted

    def loc(self, module: Module, node: ast.AST) -> Loc:
        return module.source.loc(node)

    def opaque(self, desc: str, loc: Loc | None = None) -> Sym:
        """A fresh unknown result of code the analysis cannot see."""
        where = str(loc) if loc is not None else ""
        self.unseen_results += 1
        return Sym(f"{OPAQUE_PREFIX}{self.serial()}", desc, opaque=True, where=where)

    def fixed(self, key: str, desc: str, loc: Loc | None = None) -> Sym:
        """An unknown that stays the same for the whole run (a CLI argument, a parameter)."""
        self.unseen_results += 1
        return Sym(key, desc, where=str(loc) if loc is not None else "")

    # -- decisions ---------------------------------------------------------------------------

    def ask(
        self, question: str, memo: str, *, default: bool, weight: int = relevance.CALLS
    ) -> bool:
        """The world's answer to `question` (shown as undecided where the search is cut),
        once per `memo`."""
        if question not in self.trace.decisions:
            self.trace.decisions.append(question)
        return self.oracle.decide(default, memo, weight)

    def truth(
        self,
        value: Value,
        *,
        default: bool,
        loc: Loc,
        branches: Sequence[relevance.Branch | None] | None = None,
    ) -> bool:
        """Whether a condition holds; an undecidable one is answered by the world's oracle.

        While an imported module runs its top level (version checks, optional imports), the
        default is taken without a second world: those branches do not serve adapters.
        `branches` (the code each side runs) lets the search try first the
        decisions whose branches can matter; without it the decision has a middle weight.
        """
        if isinstance(value, Residue):  # `if i % 2:` is `i % 2 != 0`
            test = conditions.residue_test(value, (0,), negated=True)
            value = test if isinstance(test, Cond) else Const(test)
        known = truthiness(value)
        if known is None:
            known = conditions.settled(self.oracle, value)
            if known is not None:  # an earlier answer decides it: code here depends on that one
                self.oracle.answered(f"settled:{id(value)}")
        if known is not None:
            return known
        if self.importing:
            self.import_guesses += 1
            return default
        if branches is not None and relevance.inert(branches):
            return default  # `if out.finished: print(...)`: either side changes nothing
        memo = _memo_key(value)
        weight = relevance.CALLS
        if branches is not None:
            weight = relevance.weight(branches)
            if not default:  # the default side leaves early: the other side is the rest
                weight = max(weight, relevance.CALLS)
        if isinstance(value, Cond):
            return conditions.decide(self, value, default=default, loc=loc, weight=weight)
        choice = self.oracle.decide(default, memo, weight)
        compared = self.trace.compared.get(value.key) if isinstance(value, Sym) else None
        if compared is not None and choice == compared[0]:
            self.trace.apart.add(frozenset(compared[1:]))  # `a != b` held: two values
        if memo is None or memo not in self.trace.decisions:
            where = f"{loc.code} ({loc})"
            self.trace.decisions.append(memo or where)
            self.trace.conditions.setdefault(memo or where, where)
        return choice

    # -- entry points ------------------------------------------------------------------------

    def run_main(self, module: Module) -> None:
        """Run a file as `python file.py` would: top level with `__name__ == "__main__"`."""

        self.origin = ("main", module.name)
        self._guarded(lambda: self._run_script(module))

    def _run_script(self, module: Module) -> None:
        """The top level, taken up where an earlier world that answered alike left it: between
        two top-level statements, or between two statements of a top-level `if` side that
        decided nothing to enter (`if __name__ == "__main__":`, where scripts that import
        inside it spend most of a run before their first undecided condition)."""
        points = self.resumes.main if self.resumes is not None else None
        body = module.source.tree.body
        resumed = self._resume(points) if points is not None else None
        inside: tuple[int, tuple[int, int, Guard]] | None = None
        if resumed is not None:
            (start, first), scope = divmod(resumed[0], _IN_BLOCK), resumed[1]["scope"]
            if first:
                inside = first, resumed[1]["block"]
        else:
            start, scope = 0, self._module_scope(module, as_main=True).scope
        assert isinstance(scope, Scope)
        for index in range(start, len(body)):
            if points is not None and index > start:
                self._save(points, index * _IN_BLOCK, scope=scope)
            statement = body[index]
            self.marks = [Mark(0, index, statement, len(self.oracle.log), None)]
            if points is None or not isinstance(statement, ast.If):
                statements.execute(self, statement, scope)
                continue
            after = self._saving_in_block(points, index, statement, scope)
            if inside is not None:
                first, (run, started, guard) = inside
                inside = None
                self.exec_block(statement.body, scope, guard, after, resume=(run, started, first))
            else:
                statements.execute_if(self, statement, scope, after)
        self.marks = []

    def _saving_in_block(
        self, points: Points, index: int, node: ast.If, scope: Scope
    ) -> Callable[[ast.stmt, int], None]:
        """What runs after each statement of the side the top-level `if` `node` (at `index`)
        entered: a copy of the state there, while no answer was given since the `if` began.
        The marks of the blocks under way are then the same in a world that takes the copy up,
        only with every answer position moved back by the answers before it, as at a
        top-level point."""

        def save(_: ast.stmt, __: int) -> None:
            marks = self.marks
            if len(marks) != 2 or len(self.oracle.log) != marks[0].logged:
                return
            block = marks[1]
            following = block.position + 1
            if not isinstance(block.entry, Guard):  # the hook is only handed the `if`'s body
                return
            if following >= len(node.body) or following >= _IN_BLOCK:
                return
            guard = replace(block.entry, start=0, end=0)
            self._save(
                points,
                index * _IN_BLOCK + following,
                scope=scope,
                block=(block.run, block.started, guard),
            )

        return save

    def run_function(self, module: Module, path: Sequence[str]) -> None:
        """Import `module`, then call its function (or `Class.method`) with unknown arguments;
        `(Class, IN_TURN, m1, m2, ...)`: the methods of one instance called in turn (`""`: the
        module's own functions)."""
        self.origin = ("entry", module.name, *path)
        if len(path) > 2 and path[1] == IN_TURN:
            self._guarded(lambda: self._run_in_turn(module, path[0], path[2:]))
            return

        def go() -> None:
            where = self.loc(module, module.source.tree)
            points = self.resumes.entry(tuple(path)) if self.resumes is not None else None
            resumed = self._resume(points) if points is not None else None
            if resumed is not None:
                func = resumed[1]["func"]
            else:
                target: Value = self._import_entry_module(module)
                for name in path[:-1]:
                    target = classes.get_attribute(self, target, name, where)
                    if isinstance(target, ClassV) and not _of_class(target, path[-1]):
                        target = entry_args.instance(self, target, where)
                func = classes.get_attribute(self, target, path[-1], where)
                if points is not None:
                    self._save(points, 1, func=func)
            self.trace.entry = ".".join(path)
            owner = self.modules.get(module.name)
            if (
                isinstance(func, FuncV)
                and isinstance(owner, ModV)
                and fixtures.is_test(module, tuple(path))
            ):
                # pytest sets up the test's fixtures first (a fake vLLM in `sys.modules`).
                fixtures.around(
                    self,
                    module,
                    owner,
                    func,
                    where,
                    run=lambda given: self._call_entry(func, path, where, given),
                )
            else:
                self._call_entry(func, path, where, {})

        self._guarded(go)

    def _call_entry(
        self, func: Value, path: Sequence[str], where: Loc, given: dict[str, Value]
    ) -> None:
        """Called twice, as a caller outside the analysis may: state kept between calls (an
        engine built at import or in __init__) meets a second adapter. `given`: arguments
        already known by name (a test's fixtures)."""

        def arguments() -> CallArgs:
            args = entry_args.arguments(self, func, where)
            args.keywords.update(given)
            return args

        unseen.call_as_entry(self, func, where, ENTRY_CALLS, arguments=arguments)
        # Then on a second instance, as a caller that builds one per checkpoint does, when
        # it holds an object of the first (an engine cached by base model, or the one engine
        # both were handed): that engine meets the second instance's adapter.
        owner = func.bound_self if isinstance(func, FuncV) else None
        if isinstance(owner, InstV) and len(path) == 2:
            saved = self.call
            self.call = saved + ENTRY_CALLS  # its own unknown arguments: "(call 3)"
            try:
                second = entry_args.instance(self, owner.cls, where)
                if isinstance(second, InstV) and _holds_same_object(owner, second):
                    again = classes.get_attribute(self, second, path[-1], where)
                    unseen.call_as_entry(
                        self,
                        again,
                        where,
                        1,
                        arguments=lambda: entry_args.arguments(self, again, where),
                    )
            finally:
                self.call = saved

    def _run_in_turn(self, module: Module, class_name: str, names: Sequence[str]) -> None:
        where = self.loc(module, module.source.tree)
        owner: Value = self._import_entry_module(module)
        if class_name:  # "": the module's own functions, sharing its state
            cls = classes.get_attribute(self, owner, class_name, where)
            if not isinstance(cls, ClassV):
                return
            owner = entry_args.instance(self, cls, where)
        methods = [self._in_turn_method(owner, name, where) for name in names]
        # "when A.load() then A.play() is called again": the reasons add the last "()"
        prefix = f"{class_name}." if class_name else ""
        shown = [f"{prefix}{name}" for name in dict.fromkeys(names)]
        # the last one named is a method, whose "()" the reasons add
        last = next((text for text in reversed(shown) if not text.endswith("=")), shown[-1])
        self.trace.entry = " then ".join(
            [*(shown_in_turn(text) for text in shown if text != last), last.removesuffix("=")]
        )
        unseen.call_in_turn(
            self,
            methods,
            where,
            unseen.IN_TURN_ROUNDS,
            arguments=lambda func: entry_args.arguments(self, func, where),
        )

    def _in_turn_method(self, owner: Value, name: str, where: Loc) -> Value:
        """The method `name` of `owner`; `name=` is its property's setter, which callers run
        by assigning the attribute (`gen.config = c`)."""
        if name.endswith("=") and isinstance(owner, InstV):
            setter = classes.property_setter(owner, name[:-1])
            return setter if setter is not None else NONE
        return classes.get_attribute(self, owner, name, where)

    def end_search(self) -> str:
        """The driver's whole step budget is spent, before or during this run: why, in words."""
        self.trace.search_ended = True
        self.trace.incomplete = f"the analysis took more than {self.limits.total_steps:,} steps"
        return self.trace.incomplete

    def settle_order(self) -> None:
        """At the end of the run: an order the analysis could not compute leaves the run
        incomplete only if a fact, a request or a write came after it (`Trace.unordered`)."""
        unordered = self.trace.unordered
        if unordered is not None and self.trace.incomplete is None:
            why, *before = unordered
            after = (len(self.trace.facts), len(self.trace.requests), len(self.writes))
            if any(now > then for now, then in zip(after, before, strict=True)):
                self.trace.incomplete = why

    def release(self) -> None:
        """Drop what only a running run needs (its modules and objects), keeping the trace and
        the sites it covered: a search keeps every world's machine until it is judged."""
        self.modules = {}
        self.call_records = {}
        self.writes = []
        self.unseen = Unseen()
        self.implicit_engine = None

    def _guarded(self, action: Callable[[], None]) -> None:
        def then_trainers() -> None:
            # The callbacks of a trainer never trained here are trained by code the analysis
            # cannot see: they run where the run ends (`trainers.flush`).
            try:
                action()
            except ProgramExit:
                trainers.flush(self)
                raise
            trainers.flush(self)

        try:
            then_trainers()
        except ProgramExit:
            self.trace.stop(StopKind.EXIT, "the program exits")
        except Raised as exc:
            where = str(exc.loc) if exc.loc is not None else f"line {exc.line}"
            self.trace.assume(f"the run stops at the `raise {exc.type_name}` at {where}")
            self.trace.stop(StopKind.RAISE, f"`raise {exc.type_name}`", exc.loc)
            if self.oracle.taken:
                # The latest undecidable condition led here: its other side is the way past a
                # check the program fails only in this world (a validation, a missing option).
                self.trace.heavy = [len(self.oracle.taken) - 1]
        except BudgetExhausted:
            if self.spent[0] > self._stops_at:
                why = self.end_search()
            else:
                why = self.trace.incomplete = f"one run exceeded {self.limits.steps:,} steps"
            self.trace.stop(StopKind.BUDGET, why)
        except RecursionError:
            self.trace.incomplete = "the code nests too deeply to follow"
            self.trace.stop(StopKind.NESTING, self.trace.incomplete)
        concurrency.ended(self)

    def _import_entry_module(self, module: Module) -> ModV:
        """The driver imported as a module, taken up from an earlier run's import if one left it."""
        points = self.resumes.imported if self.resumes is not None else None
        if points is not None and self._resume(points) is not None:
            known = self.modules.get(module.name)
            if isinstance(known, ModV):
                return known
        imported = self.import_path(module)
        self._force_imports(imported)
        if points is not None:
            self._save(points, 0)
        return imported

    def _force_imports(self, modv: ModV) -> None:
        """Resolve the names the driver's own imports bind, as Python's eager import would:
        the modules they run are then part of the start every run of a function shares. One
        that raises stays unresolved, and raises again where a run reads it."""
        if not isinstance(modv.scope, Scope):
            return
        for value in list(modv.scope.vars.values()):
            if isinstance(value, LazyImport):
                try:
                    value.force()
                except Raised:
                    continue

    # -- shared starts -----------------------------------------------------------------------

    def _save(self, points: Points, point: int, **extra: Any) -> None:
        """Keep a copy of the state here for later worlds that answer alike, when enough was run
        since the last one and nothing world-specific is under way (a call, a loop, an import)."""
        resumes = self.resumes
        if (
            resumes is None
            or not resumes.room(points)
            or self.steps - self._since < resumes.min_steps
            or self.frames
            or self.loops
            or self.yield_handlers
            or self.importing
        ):
            return
        answers = tuple(self.oracle.taken)
        if points.has(point, answers):
            return
        state = {name: getattr(self, name) for name in _STATE} | extra
        run = RunStandIn()
        try:
            copied, size = copy_state(state, {id(self): run, id(self.loader): self.loader})
        except Uncopyable:
            return
        oracle = self.oracle
        weights, memo, memo_index = (
            tuple(oracle.weights),
            dict(oracle.memo),
            dict(oracle.memo_index),
        )
        log = (*self.log_before, *oracle.log)
        points.saved.append(
            Saved(point, answers, weights, memo, memo_index, Snapshot(run, copied), log)
        )
        resumes.objects += size
        self._since = self.steps

    def _resume(self, points: Points) -> tuple[int, dict[str, Any]] | None:
        """Take up the deepest saved state this world's answers lead to: (point, extras)."""
        saved = points.best(self.oracle.prefix)
        if saved is None:
            return None
        standing = {id(saved.snapshot.origin): self, id(self.loader): self.loader}
        state, _ = copy_state(saved.snapshot.state, standing)
        for name in _STATE:
            setattr(self, name, state[name])
        self.oracle.taken = list(saved.answers)
        self.oracle.weights = list(saved.weights)
        self.oracle.memo = dict(saved.memo)
        self.oracle.memo_index = dict(saved.memo_index)
        self._since = self.steps
        self.log_before = saved.log
        return saved.point, state

    def _module_scope(self, module: Module, *, as_main: bool) -> ModV:
        scope = Scope(module)
        scope.vars["__name__"] = Const("__main__" if as_main else module.name)
        scope.vars["__file__"] = Const(module.path)
        scope.vars["__package__"] = Const(module.package)
        return ModV(module, scope)

    def exec_module(self, module: Module) -> ModV:
        """Import a same-repository module: its top level runs once per run, and is copied
        from an earlier world that ran it the same way when there is one (`import_reuse.py`)."""
        key = import_reuse.history(self, module)
        if key is None or self.resumes is None:
            return self._exec_module(module)
        kept = self.resumes.imports
        taken = import_reuse.take(self, kept, key)
        if taken is not None:
            return taken
        return import_reuse.run_kept(
            self, kept, key, self.resumes.min_steps, lambda: self._exec_module(module)
        )

    def _exec_module(self, module: Module) -> ModV:
        modv = self._module_scope(module, as_main=False)
        scope = modv.scope
        assert isinstance(scope, Scope)
        self.modules[module.name] = modv
        self.importing += 1
        try:
            for statement in module.source.tree.body:
                self._import_statement(module, statement, scope)
        finally:
            self.importing -= 1
        return modv

    def _import_statement(self, module: Module, statement: ast.stmt, scope: Scope) -> None:
        """One top-level statement of an imported module.

        Import-time conditions take their default without a second world, so a `raise` met
        after such a guess is not a fact: the other answer may not raise. The statement is
        then given up (what it binds becomes unknown) and the import goes on, which covers
        both answers: a run that stops at import serves nothing.
        """
        try:
            statements.execute(self, statement, scope)
        except Raised as exc:
            if not self.import_guesses:
                raise
            where = str(exc.loc) if exc.loc is not None else f"{module.path}:{exc.line}"
            self.trace.assume(
                f"the import-time `raise {exc.type_name}` at {where} follows a guessed "
                f"condition, so the import is taken to go on"
            )
            for name in statements.bound_names(statement):
                scope.assign(name, self.opaque(f"{module.name}.{name}"))

    def import_path(self, module: Module) -> ModV:
        known = self.modules.get(module.name)
        if isinstance(known, ModV):
            self._read_module(module.name)
            return known
        return self.exec_module(module)

    def import_module(self, name: str, importer: Module) -> ModV | None:
        """A same-repository module by dotted name, its top level run once; None if external."""
        if name in self.modules:
            self._read_module(name)
            return self.modules[name]
        module = self.loader.load(name, importer)
        if module is None:
            self.modules[name] = None
            return None
        return self.exec_module(module)

    def _read_module(self, name: str) -> None:
        """An import under way read a module imported before it: it is not all its own."""
        watch = self.import_watch
        if watch is not None and name in watch.before:
            watch.read_earlier_module = True

    # -- statements and expressions ----------------------------------------------------------

    def exec_block(
        self,
        body: Sequence[ast.stmt],
        scope: Scope,
        entry: BlockEntry = None,
        after: Callable[[ast.stmt, int], None] | None = None,
        *,
        resume: BlockResume | None = None,
    ) -> None:
        """`entry`: how the block was entered (an `if` side, a loop; None: by its statement);
        `after(statement, unseen)` runs after each statement with the `unseen_results` it made;
        `resume`: the block's run and first step as a saved state had them, and the statement
        to go on from (`_run_script`)."""
        log = self.oracle.log
        if resume is None:
            self._blocks += 1
            run, started, first = self._blocks, self.steps, 0
        else:
            run, started, first = resume
        marks = self.marks
        depth = len(marks)
        marks.append(Mark(run, first, body[first] if body else _PASS, len(log), entry, started))
        try:
            for index in range(first, len(body)):
                statement = body[index]
                marks[depth] = Mark(run, index, statement, len(log), entry, started)
                before = self.unseen_results
                statements.execute(self, statement, scope)
                if after is not None:
                    after(statement, self.unseen_results - before)
        finally:
            del marks[depth:]

    def place(self) -> Place:
        """Where the run is: which runs of which blocks, and the statement in each."""
        return places.place(self.marks)

    def guards(self) -> frozenset[Guard]:
        """The `if` sides the run is under."""
        return places.guards(self.marks)

    def drop_needs(self, name: str) -> tuple[frozenset[Guard] | None, ...]:
        """What a run needs, per level of `place()`, to make the drop `name(...)` made now."""
        return places.drop_needs(self.marks, self.oracle.log, name)

    def finally_of(self, needs: tuple[frozenset[Guard] | None, ...]) -> Place | None:
        """The `try` whose `finally` makes the drop made now, whatever its body does."""
        return places.finally_of(self.marks, needs)

    def eval(self, node: ast.expr, scope: Scope) -> Value:
        self.tick()
        return expressions.evaluate(self, node, scope)

    def assign(self, target: ast.expr, value: Value, scope: Scope) -> None:
        assign.assign_target(self, target, value, scope)

    def call_value(self, func: Value, args: CallArgs, loc: Loc) -> Value:
        return calls.call_value(self, func, args, loc)

    def get_attribute(self, owner: Value, name: str, loc: Loc) -> Value:
        return classes.get_attribute(self, owner, name, loc)

    def set_attribute(self, owner: Value, name: Value, value: Value, loc: Loc) -> None:
        assign.set_named_attribute(self, owner, name, value, loc)

    # -- adapter folders ---------------------------------------------------------------------

    def record_write(self, target: Value | None, loc: Loc, *, kind: str = "file") -> None:
        write = Write(folders.from_directory(self.cwd, target), loc, self.proc, kind)
        self.writes.append(write)
        if self.later_serves:
            later_serves.after_write(self, write)

    def engine_dropped(self, engine: EngineV, loc: Loc) -> None:
        self.trace.assume(f"the engine built at {engine.loc} is dropped at {loc}")


def shown_in_turn(name: str) -> str:
    """A function run in turn, as reasons show it: `A.load()`, or `A.config = …` for the
    setter of property `config` (written `config=` in the entry)."""
    return f"{name[:-1]} = …" if name.endswith("=") else f"{name}()"


def _memo_key(value: Value) -> str | None:
    """A fixed unknown (a flag) gets the same answer everywhere in one run."""
    if isinstance(value, Sym) and not value.opaque:
        return f"{value.key}{value.offset:+d}"
    return None


def _holds_same_object(first: InstV, second: InstV) -> bool:
    """Whether two instances hold one object between them (not a constant): what one does
    to it, the other meets."""
    held = {id(value) for value in first.attrs.values() if not isinstance(value, Const)}
    return any(id(value) in held for value in second.attrs.values() if not isinstance(value, Const))


def _of_class(cls: ClassV, name: str) -> bool:
    """Whether `cls.name` is a classmethod or staticmethod: called on the class itself, with no
    instance built first (`PolicyRequest.for_checkpoint(path)` makes the only request)."""
    found = class_attribute(cls, name)
    flags = set(found.decorators) if isinstance(found, FuncV) else set()
    return bool({"classmethod", "staticmethod"} & flags)
