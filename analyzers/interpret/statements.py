"""Statements: assignments, branches, loops, `try`, `with`, definitions and imports."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from analyzers.interpret import (
    calls,
    classes,
    concurrency,
    expressions,
    guards,
    imports,
    iteration,
    lazy_init,
    places,
    relevance,
    summary,
)
from analyzers.interpret.assign import named
from analyzers.interpret.containers import is_environ, key_text, update_environment
from analyzers.interpret.conversions import truthiness
from analyzers.interpret.generator_loops import GeneratorLoop
from analyzers.interpret.objects import EngineV
from analyzers.interpret.operators import binary
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import (
    BreakLoop,
    ContinueLoop,
    ProgramExit,
    Raised,
    ReturnValue,
)
from analyzers.interpret.syntax import (
    BINARY,
    Loop,
    Try,
    dotted,
    is_elif,
    node_memo,
)
from analyzers.interpret.trace import UNGUARDED, BlockEntry, Guard
from analyzers.interpret.values import NONE, InstV, Value

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine

_EXIT_CALLS = frozenset({"exit", "quit", "sys.exit", "os._exit"})
_EXIT_EXCEPTIONS = frozenset({"SystemExit"})


def execute(m: Machine, node: ast.stmt, scope: Scope) -> None:
    m.tick()
    if isinstance(node, ast.If):
        _if(m, node, scope)
    elif isinstance(node, ast.For | ast.AsyncFor):
        _for(m, node, scope)
    elif isinstance(node, ast.While):
        _while(m, node, scope)
    elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
        scope.assign(node.name, calls.define_function(m, node, scope))
    elif isinstance(node, ast.ClassDef):
        scope.assign(node.name, classes.define_class(m, node, scope))
    elif isinstance(node, ast.Try | ast.TryStar):
        _try(m, node, scope)
    elif isinstance(node, ast.With | ast.AsyncWith):
        _with(m, node, list(node.items), scope)
    elif isinstance(node, ast.Match):
        _match(m, node, scope)
    else:
        _small(m, node, scope)


def bound_names(node: ast.stmt) -> list[str]:
    """The plain names a top-level statement binds (assignment targets, definitions)."""
    if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return [node.name]
    targets: list[ast.expr] = []
    if isinstance(node, ast.Assign):
        targets = list(node.targets)
    elif isinstance(node, ast.AnnAssign | ast.AugAssign):
        targets = [node.target]
    found: list[str] = []
    for target in targets:
        found += _target_names(target)
    return found


def _target_names(target: ast.expr) -> list[str]:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple | ast.List):
        return [name for element in target.elts for name in _target_names(element)]
    if isinstance(target, ast.Starred):
        return _target_names(target.value)
    return []


def _small(m: Machine, node: ast.stmt, scope: Scope) -> None:
    if isinstance(node, ast.Expr):
        if isinstance(node.value, ast.Call):
            # A call whose result is dropped: a coroutine made here never runs (`vllm_api`).
            saved, m.discarded = m.discarded, m.loc(scope.module, node.value)
            try:
                m.eval(node.value, scope)
            finally:
                m.discarded = saved
        else:
            m.eval(node.value, scope)
    elif isinstance(node, ast.Assign):
        value = m.eval(node.value, scope)
        if len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = named(value, node.targets[0].id, m.loc(scope.module, node))
        for target in node.targets:
            m.assign(target, value, scope)
    elif isinstance(node, ast.AnnAssign):
        if node.value is not None:
            m.assign(node.target, m.eval(node.value, scope), scope)
    elif isinstance(node, ast.AugAssign):
        _aug_assign(m, node, scope)
    elif isinstance(node, ast.Return):
        raise ReturnValue(m.eval(node.value, scope) if node.value is not None else NONE)
    elif isinstance(node, ast.Raise):
        _raise(m, node, scope)
    elif isinstance(node, ast.Break):
        raise BreakLoop
    elif isinstance(node, ast.Continue):
        raise ContinueLoop
    elif isinstance(node, ast.Delete):
        for target in node.targets:
            _delete(m, target, scope)
    elif isinstance(node, ast.Global):
        scope.global_names.update(node.names)
    elif isinstance(node, ast.Nonlocal):
        scope.nonlocal_names.update(node.names)
    elif isinstance(node, ast.Import | ast.ImportFrom):
        imports.execute_import(m, node, scope)
    elif isinstance(node, ast.Assert):
        _assert(m, node, scope)


def _assert(m: Machine, node: ast.Assert, scope: Scope) -> None:
    """`assert step < 50 or save()` runs what its test calls; a test that calls nothing does
    nothing. The assertion is taken to hold, even where the run's values say it fails: those
    may be one world's guesses (a default for an unknown argument), and a run that goes on
    sees everything the program could still do, where one that ended would see less."""
    if node_memo(node, "assert_calls", lambda: _calls(node.test)):
        expressions.condition(m, node.test, scope, default=True)


def _calls(node: ast.expr) -> bool:
    return any(isinstance(child, ast.Call) for child in ast.walk(node))


def _raise(m: Machine, node: ast.Raise, scope: Scope) -> None:
    """`raise E(args)` evaluates `E(args)` first: `raise SystemExit(main())` runs `main()`."""
    if node.exc is not None:
        m.eval(node.exc, scope)
    if node.cause is not None:
        m.eval(node.cause, scope)
    name = _raised_name(node)
    if name in _EXIT_EXCEPTIONS:
        raise ProgramExit
    where = m.loc(scope.module, node)
    raise Raised(name, where.line, where)


def _raised_name(node: ast.Raise) -> str:
    exc = node.exc
    if isinstance(exc, ast.Call):
        exc = exc.func
    if isinstance(exc, ast.Name):
        return exc.id
    if isinstance(exc, ast.Attribute):
        return exc.attr
    return "Exception"


def _aug_assign(m: Machine, node: ast.AugAssign, scope: Scope) -> None:
    current = m.eval(node.target, scope)
    operand = m.eval(node.value, scope)
    operator = BINARY[type(node.op)]
    loc = m.loc(scope.module, node)
    if is_environ(current):  # `os.environ |= {...}`
        update_environment(m, operand, loc)
        return
    m.assign(node.target, binary(m, operator, current, operand, loc, in_place=True), scope)


def _delete(m: Machine, target: ast.expr, scope: Scope) -> None:
    if isinstance(target, ast.Tuple | ast.List):
        for element in target.elts:
            _delete(m, element, scope)
        return
    if isinstance(target, ast.Name):
        dropped = scope.delete(target.id)
        if isinstance(dropped, EngineV):
            m.engine_dropped(dropped, m.loc(scope.module, target))
    elif isinstance(target, ast.Subscript):
        classes.delete_item(m, target, scope)
    elif isinstance(target, ast.Attribute):
        # `del self.engine`, or `del self.request` to have a `cached_property` computed again
        owner = m.eval(target.value, scope)
        dropped = owner.attrs.pop(target.attr, None) if isinstance(owner, InstV) else None
        if isinstance(dropped, EngineV):
            m.engine_dropped(dropped, m.loc(scope.module, target))


def exits_early(body: Sequence[ast.stmt]) -> bool:
    """Whether a branch ends by leaving (return, raise, continue, break, exit()): a side path."""
    if not body:
        return False
    final = body[-1]
    if isinstance(final, ast.Return | ast.Raise | ast.Continue | ast.Break):
        return True
    if isinstance(final, ast.Expr) and isinstance(final.value, ast.Call):
        return dotted(final.value.func) in _EXIT_CALLS
    return False


def branch_default(node: ast.If, lines: list[str]) -> bool:
    """The branch a first (or guessed) world takes: one that goes on, else one that does not
    raise. A guess that ends in a `raise` would end the run on a guess (a config check's
    `else: raise ValueError(...)` at import time), so it is never the guess."""
    if _raises(node.body):
        return False
    if node.orelse and _only_raises(node.orelse, lines):
        return True
    return not exits_early(node.body)


def _raises(body: Sequence[ast.stmt]) -> bool:
    return bool(body) and isinstance(body[-1], ast.Raise)


def _only_raises(orelse: list[ast.stmt], lines: list[str]) -> bool:
    """Whether every path through an `elif`/`else` chain ends in a `raise`."""
    if not is_elif(orelse, lines):
        return _raises(orelse)
    chained = orelse[0]
    assert isinstance(chained, ast.If)
    return _raises(chained.body) and bool(chained.orelse) and _only_raises(chained.orelse, lines)


def execute_if(
    m: Machine, node: ast.If, scope: Scope, after: Callable[[ast.stmt, int], None]
) -> None:
    """`execute` of an `if`, with `after` run after each statement of its body when it
    leaves nothing to note after the body (`Machine._run_script` saves states there)."""
    m.tick()
    _if(m, node, scope, after=after)


def _if(
    m: Machine,
    node: ast.If,
    scope: Scope,
    *,
    chained: bool = False,
    after: Callable[[ast.stmt, int], None] | None = None,
) -> None:
    lines = scope.module.source.lines
    default = branch_default(node, lines)
    log = m.oracle.log
    start = len(log)
    outer, m.periodic_pending = m.periodic_pending, []
    try:
        condition = lazy_init.known_missing(m, node, scope)
        if condition is None:
            condition = expressions.condition(m, node.test, scope, default=default)
    finally:
        periodic, m.periodic_pending = m.periodic_pending or [], outer
    # The first world enters a body that may leave the block: the rest of the block is what the
    # other side runs, and what makes trying that side worth it (`if cached: ...; continue`).
    rest = relevance.rest_after(scope.module.source.tree, node) if default and not chained else None
    taken = m.truth(
        condition,
        default=default,
        loc=m.loc(scope.module, node.test),
        branches=(node.body, node.orelse or rest or None),
    )
    entry: BlockEntry = UNGUARDED
    if not chained:  # an `elif` side also rests on the answers before it: not one guard
        entry = Guard(
            m.loc(scope.module, node.test).code,
            key_text(condition),
            taken,
            start,
            len(log),
            bool(log[start:]) and places.by_release(log[start:]),  # decided by the release
        )
    before = guards.effects(m) if periodic else None
    try:
        if taken:
            m.exec_block(node.body, scope, entry, after if before is None else None)
        elif is_elif(node.orelse, lines):
            _if(m, node.orelse[0], scope, chained=True)  # type: ignore[arg-type]
        elif node.orelse:
            m.exec_block(node.orelse, scope, entry)
    finally:
        if before is not None:
            guards.note(
                m,
                node,
                scope,
                periodic,
                changed=guards.effects(m) != before,
                leaves=guards.leaves_before_sites(node, scope),
            )


def _for(m: Machine, node: Loop, scope: Scope) -> None:
    loc = m.loc(scope.module, node)
    taken = GeneratorLoop(m, node, scope, loc, _iteration_breaks)
    iterable: Value | None = (
        taken.iterable() if isinstance(node.iter, ast.Call) else m.eval(node.iter, scope)
    )
    if isinstance(iterable, InstV) and not taken.consumer.ran and not taken.over(iterable):
        iterable = taken.by_next(iterable)  # None: its `__next__` made the items as taken
    if taken.consumer.ran or iterable is None:
        if not taken.broke and node.orelse:
            m.exec_block(node.orelse, scope, UNGUARDED)
        return
    if summary.summarise(m, node, iterable, scope, loc):
        return
    plan = iteration.plan(m, iterable, loc, lazy=True)
    broke = False
    m.loops.append(loc)
    try:
        for item in plan:
            m.assign(node.target, iteration.taken(m, item, loc), scope)
            if _iteration_breaks(m, node.body, scope):
                broke = True
                break
    finally:
        m.loops.pop()
    if not broke and node.orelse:
        m.exec_block(node.orelse, scope, UNGUARDED)


def _while(m: Machine, node: ast.While, scope: Scope) -> None:
    loc = m.loc(scope.module, node)
    if summary.summarise_while(m, node, scope, loc):
        return
    count = 0
    broke = False
    m.loops.append(loc)
    try:
        while True:
            known = truthiness(m.eval(node.test, scope))
            if known is False:
                break
            limit = m.limits.loop_cap if known else m.limits.symbolic_iterations
            if known is True and _is_literal_true(node.test):
                limit = m.limits.symbolic_iterations
            if count >= limit:
                if known is True and not _is_literal_true(node.test):
                    m.trace.truncated.append(loc)
                else:
                    m.trace.symbolic_loops.append(loc)
                break
            count += 1
            if _iteration_breaks(m, node.body, scope):
                broke = True
                break
    finally:
        m.loops.pop()
    if not broke and node.orelse:
        m.exec_block(node.orelse, scope, UNGUARDED)


def _iteration_breaks(m: Machine, body: Sequence[ast.stmt], scope: Scope) -> bool:
    """Run one loop iteration; True when it ends in `break` (a `continue` just ends it)."""
    try:
        m.exec_block(body, scope, UNGUARDED)
    except BreakLoop:
        return True
    except ContinueLoop:
        pass
    return False


def _is_literal_true(test: ast.expr) -> bool:
    if not isinstance(test, ast.Constant):
        return False
    value = test.value
    return value is True or (type(value) is int and value != 0)


def _try(m: Machine, node: Try, scope: Scope) -> None:
    working = node_memo(node, "working-handler", lambda: _working_handler(node))

    def may_raise(statement: ast.stmt, unseen: int) -> None:
        # Code the analysis cannot see (`json.loads(text)`, `int(flag)`, a library call)
        # may raise what the handler catches: whether it does is the world's decision. Imported
        # top levels take their default side, as their other guesses do (`m.import_guesses`).
        if working is None or not unseen or m.importing:
            return
        where = m.loc(scope.module, statement)
        text = f"whether `{where.code}` at {where} raises into its `except`"
        weight = _handler_weight(scope, working)
        if m.ask(text, f"raises:{where}", default=False, weight=weight):
            m.trace.assume_input(f"`{where.code}` at {where} raising into its `except`")
            raise Raised(_caught_name(working), where.line, where)

    try:
        try:
            _try_body(m, node, scope, may_raise)
        except Raised as raised:
            handler = _matching_handler(node, raised.type_name)
            if handler is None:
                raise
            if handler.name is not None:
                scope.assign(handler.name, m.opaque(f"the {raised.type_name}"))
            m.exec_block(handler.body, scope, UNGUARDED)
        else:
            if node.orelse:
                m.exec_block(node.orelse, scope, UNGUARDED)
    finally:
        if node.finalbody:
            m.exec_block(node.finalbody, scope)


def _try_body(m: Machine, node: Try, scope: Scope, after: Callable[[ast.stmt, int], None]) -> None:
    """A `try`'s body, known meanwhile as what a function called in it may raise into
    (`Machine.catching`, `callee_raises.py`) when the `try` has handlers."""
    if not node.handlers:
        m.exec_block(node.body, scope, after=after)
        return
    where = m.loc(scope.module, node)
    m.catching.append((len(m.frames), _caught_name(node.handlers[0]), where))
    try:
        m.exec_block(node.body, scope, after=after)
    finally:
        m.catching.pop()


# Calls a handler makes that only report or give up: a body of these does nothing a request
# depends on, so whether the `try` raised into it is not asked.
_REPORTING = frozenset(
    {"print", "debug", "info", "warning", "warn", "error", "exception", "critical", "log",
     "print_exc", "format_exc", "exit", "_exit", "format", "str", "repr", "type"}
)  # fmt: skip


def _working_handler(node: Try) -> ast.ExceptHandler | None:
    """The first handler that does more than report (`logger.warning(...)`): one that calls
    something else, or leaves the block with `continue`, `break` or `return` (the
    `remove_lora` after a `try: float(answer) except ValueError: continue` is then skipped)."""
    for handler in node.handlers:
        for inner in ast.walk(ast.Module(body=handler.body, type_ignores=[])):
            if isinstance(inner, ast.Continue | ast.Break | ast.Return):
                return handler
            if isinstance(inner, ast.Call):
                name = dotted(inner.func) or ""
                if name.rpartition(".")[2] not in _REPORTING:
                    return handler
    return None


def _handler_weight(scope: Scope, handler: ast.ExceptHandler) -> int:
    """Search a handler that names a request site first, and one that does not after the rest."""
    if relevance.weight([handler.body]) == relevance.SITES:
        return relevance.SITES
    return relevance.PLAIN


def _caught_name(handler: ast.ExceptHandler) -> str:
    names = sorted(_handler_names(handler.type)) if handler.type is not None else []
    return names[0] if names else "Exception"


def _matching_handler(node: Try, type_name: str) -> ast.ExceptHandler | None:
    for handler in node.handlers:
        if handler.type is None:
            return handler
        names = _handler_names(handler.type)
        if type_name in names or names & {"Exception", "BaseException"}:
            return handler
    return None


def _handler_names(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Tuple):
        return set().union(*(_handler_names(element) for element in node.elts))
    name = dotted(node)
    return {name.rpartition(".")[2]} if name else set()


def _with(
    m: Machine, node: ast.With | ast.AsyncWith, items: list[ast.withitem], scope: Scope
) -> None:
    if not items:
        m.exec_block(node.body, scope)
        return
    item, rest = items[0], items[1:]
    manager = m.eval(item.context_expr, scope)
    loc = m.loc(scope.module, item)

    def body(entered: Value) -> None:
        if item.optional_vars is not None:
            m.assign(item.optional_vars, entered, scope)
        _with(m, node, rest, scope)

    held = concurrency.holds_lock(m, manager)
    m.holding += held
    try:
        calls.enter_context(m, manager, body, loc, scope.module)
    finally:
        m.holding -= held


def _match(m: Machine, node: ast.Match, scope: Scope) -> None:
    m.eval(node.subject, scope)
    for case in node.cases:
        wildcard = isinstance(case.pattern, ast.MatchAs) and case.pattern.pattern is None
        loc = m.loc(scope.module, case)
        if wildcard or m.truth(m.opaque(f"case {loc.code}"), default=True, loc=loc):
            m.exec_block(case.body, scope, UNGUARDED)
            return
