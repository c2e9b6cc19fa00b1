"""Statements: assignments, branches, loops, `try`, `with`, definitions and imports."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import libcst as cst

from analyzers.interpret import calls, classes, expressions, imports, iteration, places, summary
from analyzers.interpret.assign import named
from analyzers.interpret.containers import key_text
from analyzers.interpret.conversions import truthiness
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
from analyzers.interpret.trace import UNGUARDED, BlockEntry, Guard
from analyzers.interpret.values import NONE, Value

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine

_EXIT_CALLS = frozenset({"exit", "quit", "sys.exit", "os._exit"})
_EXIT_EXCEPTIONS = frozenset({"SystemExit"})


def execute(m: Machine, node: cst.CSTNode, scope: Scope) -> None:
    m.tick()
    if isinstance(node, cst.SimpleStatementLine):
        for small in node.body:
            _small(m, small, scope)
    elif isinstance(node, cst.If):
        _if(m, node, scope)
    elif isinstance(node, cst.For):
        _for(m, node, scope)
    elif isinstance(node, cst.While):
        _while(m, node, scope)
    elif isinstance(node, cst.FunctionDef):
        scope.assign(node.name.value, calls.define_function(m, node, scope))
    elif isinstance(node, cst.ClassDef):
        scope.assign(node.name.value, classes.define_class(m, node, scope))
    elif isinstance(node, cst.Try | cst.TryStar):
        _try(m, node, scope)
    elif isinstance(node, cst.With):
        _with(m, node, list(node.items), scope)
    elif isinstance(node, cst.Match):
        _match(m, node, scope)
    elif isinstance(node, cst.BaseSmallStatement):
        _small(m, node, scope)


def bound_names(node: cst.CSTNode) -> list[str]:
    """The plain names a top-level statement binds (assignment targets, definitions)."""
    if isinstance(node, cst.FunctionDef | cst.ClassDef):
        return [node.name.value]
    found: list[str] = []
    for small in node.body if isinstance(node, cst.SimpleStatementLine) else []:
        targets: list[cst.BaseExpression] = []
        if isinstance(small, cst.Assign):
            targets = [target.target for target in small.targets]
        elif isinstance(small, cst.AnnAssign | cst.AugAssign):
            targets = [small.target]
        for target in targets:
            found += _target_names(target)
    return found


def _target_names(target: cst.BaseExpression) -> list[str]:
    if isinstance(target, cst.Name):
        return [target.value]
    if isinstance(target, cst.Tuple | cst.List):
        return [name for element in target.elements for name in _target_names(element.value)]
    if isinstance(target, cst.StarredElement):
        return _target_names(target.value)
    return []


def _small(m: Machine, node: cst.BaseSmallStatement, scope: Scope) -> None:
    if isinstance(node, cst.Expr):
        m.eval(node.value, scope)
    elif isinstance(node, cst.Assign):
        value = m.eval(node.value, scope)
        if len(node.targets) == 1 and isinstance(node.targets[0].target, cst.Name):
            value = named(value, node.targets[0].target.value, m.loc(scope.module, node))
        for target in node.targets:
            m.assign(target.target, value, scope)
    elif isinstance(node, cst.AnnAssign):
        if node.value is not None:
            m.assign(node.target, m.eval(node.value, scope), scope)
    elif isinstance(node, cst.AugAssign):
        _aug_assign(m, node, scope)
    elif isinstance(node, cst.Return):
        raise ReturnValue(m.eval(node.value, scope) if node.value is not None else NONE)
    elif isinstance(node, cst.Raise):
        _raise(m, node, scope)
    elif isinstance(node, cst.Break):
        raise BreakLoop
    elif isinstance(node, cst.Continue):
        raise ContinueLoop
    elif isinstance(node, cst.Del):
        _delete(m, node.target, scope)
    elif isinstance(node, cst.Global):
        scope.global_names.update(item.name.value for item in node.names)
    elif isinstance(node, cst.Nonlocal):
        scope.nonlocal_names.update(item.name.value for item in node.names)
    elif isinstance(node, cst.Import | cst.ImportFrom):
        imports.execute_import(m, node, scope)


def _raise(m: Machine, node: cst.Raise, scope: Scope) -> None:
    """`raise E(args)` evaluates `E(args)` first: `raise SystemExit(main())` runs `main()`."""
    if node.exc is not None:
        m.eval(node.exc, scope)
    if node.cause is not None:
        m.eval(node.cause.item, scope)
    name = _raised_name(node)
    if name in _EXIT_EXCEPTIONS:
        raise ProgramExit
    where = m.loc(scope.module, node)
    raise Raised(name, where.line, where)


def _raised_name(node: cst.Raise) -> str:
    exc = node.exc
    if isinstance(exc, cst.Call):
        exc = exc.func
    if isinstance(exc, cst.Name):
        return exc.value
    if isinstance(exc, cst.Attribute):
        return exc.attr.value
    return "Exception"


def _aug_assign(m: Machine, node: cst.AugAssign, scope: Scope) -> None:
    current = m.eval(node.target, scope)
    operand = m.eval(node.value, scope)
    operator = type(node.operator).__name__.removesuffix("Assign")
    loc = m.loc(scope.module, node)
    m.assign(node.target, binary(m, operator, current, operand, loc, in_place=True), scope)


def _delete(m: Machine, target: cst.BaseExpression, scope: Scope) -> None:
    if isinstance(target, cst.Tuple | cst.List):
        for element in target.elements:
            _delete(m, element.value, scope)
        return
    if isinstance(target, cst.Name):
        dropped = scope.delete(target.value)
        if isinstance(dropped, EngineV):
            m.engine_dropped(dropped, m.loc(scope.module, target))
    elif isinstance(target, cst.Subscript):
        classes.delete_item(m, target, scope)


def exits_early(body: cst.BaseSuite) -> bool:
    """Whether a branch ends by leaving (return, raise, continue, break, exit()): a side path."""
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    if not statements:
        return False
    last = statements[-1]
    smalls = last.body if isinstance(last, cst.SimpleStatementLine) else []
    if isinstance(last, cst.SimpleStatementLine | cst.SimpleStatementSuite):
        smalls = list(last.body)
    if not smalls:
        return False
    final = smalls[-1]
    if isinstance(final, cst.Return | cst.Raise | cst.Continue | cst.Break):
        return True
    if isinstance(final, cst.Expr) and isinstance(final.value, cst.Call):
        name = _dotted(final.value.func)
        return name in _EXIT_CALLS
    return False


def _dotted(node: cst.BaseExpression) -> str:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return f"{_dotted(node.value)}.{node.attr.value}"
    return ""


def branch_default(node: cst.If) -> bool:
    """The branch a first (or guessed) world takes: one that goes on, else one that does not
    raise. A guess that ends in a `raise` would end the run on a guess (a config check's
    `else: raise ValueError(...)` at import time), so it is never the guess."""
    if _raises(node.body):
        return False
    if node.orelse is not None and _only_raises(node.orelse):
        return True
    return not exits_early(node.body)


def _raises(body: cst.BaseSuite) -> bool:
    statements = body.body if isinstance(body, cst.IndentedBlock) else [body]
    last = statements[-1] if statements else None
    if isinstance(last, cst.SimpleStatementLine | cst.SimpleStatementSuite) and last.body:
        return isinstance(last.body[-1], cst.Raise)
    return False


def _only_raises(orelse: cst.If | cst.Else) -> bool:
    """Whether every path through an `elif`/`else` chain ends in a `raise`."""
    if isinstance(orelse, cst.Else):
        return _raises(orelse.body)
    return _raises(orelse.body) and orelse.orelse is not None and _only_raises(orelse.orelse)


def _if(m: Machine, node: cst.If, scope: Scope, *, chained: bool = False) -> None:
    default = branch_default(node)
    log = m.oracle.log
    start = len(log)
    condition = expressions.condition(m, node.test, scope, default=default)
    taken = m.truth(
        condition,
        default=default,
        loc=m.loc(scope.module, node.test),
        branches=(scope.module, (node.body, node.orelse)),
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
    if taken:
        m.exec_block(node.body.body, scope, entry)
    elif isinstance(node.orelse, cst.If):
        _if(m, node.orelse, scope, chained=True)
    elif isinstance(node.orelse, cst.Else):
        m.exec_block(node.orelse.body.body, scope, entry)


def _for(m: Machine, node: cst.For, scope: Scope) -> None:
    iterable = m.eval(node.iter, scope)
    loc = m.loc(scope.module, node)
    if summary.summarise(m, node, iterable, scope, loc):
        return
    plan = iteration.plan(m, iterable, loc)
    broke = False
    m.loops.append(loc)
    try:
        for item in plan:
            m.assign(node.target, item, scope)
            if _iteration_breaks(m, node.body.body, scope):
                broke = True
                break
    finally:
        m.loops.pop()
    if not broke and node.orelse is not None:
        m.exec_block(node.orelse.body.body, scope, UNGUARDED)


def _while(m: Machine, node: cst.While, scope: Scope) -> None:
    loc = m.loc(scope.module, node)
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
            if _iteration_breaks(m, node.body.body, scope):
                broke = True
                break
    finally:
        m.loops.pop()
    if not broke and node.orelse is not None:
        m.exec_block(node.orelse.body.body, scope, UNGUARDED)


def _iteration_breaks(m: Machine, body: Sequence[cst.CSTNode], scope: Scope) -> bool:
    """Run one loop iteration; True when it ends in `break` (a `continue` just ends it)."""
    try:
        m.exec_block(body, scope, UNGUARDED)
    except BreakLoop:
        return True
    except ContinueLoop:
        pass
    return False


def _is_literal_true(test: cst.BaseExpression) -> bool:
    return (isinstance(test, cst.Name) and test.value == "True") or (
        isinstance(test, cst.Integer) and test.value != "0"
    )


def _try(m: Machine, node: cst.Try | cst.TryStar, scope: Scope) -> None:
    try:
        try:
            m.exec_block(node.body.body, scope)
        except Raised as raised:
            handler = _matching_handler(node, raised.type_name)
            if handler is None:
                raise
            if handler.name is not None and isinstance(handler.name.name, cst.Name):
                scope.assign(handler.name.name.value, m.opaque(f"the {raised.type_name}"))
            m.exec_block(handler.body.body, scope, UNGUARDED)
        else:
            if node.orelse is not None:
                m.exec_block(node.orelse.body.body, scope, UNGUARDED)
    finally:
        if node.finalbody is not None:
            m.exec_block(node.finalbody.body.body, scope)


def _matching_handler(
    node: cst.Try | cst.TryStar, type_name: str
) -> cst.ExceptHandler | cst.ExceptStarHandler | None:
    for handler in node.handlers:
        if handler.type is None:
            return handler
        names = _handler_names(handler.type)
        if type_name in names or names & {"Exception", "BaseException"}:
            return handler
    return None


def _handler_names(node: cst.BaseExpression) -> set[str]:
    if isinstance(node, cst.Tuple):
        return set().union(*(_handler_names(element.value) for element in node.elements))
    name = _dotted(node)
    return {name.rpartition(".")[2]} if name else set()


def _with(m: Machine, node: cst.With, items: list[cst.WithItem], scope: Scope) -> None:
    if not items:
        m.exec_block(node.body.body, scope)
        return
    item, rest = items[0], items[1:]
    manager = m.eval(item.item, scope)
    loc = m.loc(scope.module, item)

    def body(entered: Value) -> None:
        if item.asname is not None:
            m.assign(item.asname.name, entered, scope)
        _with(m, node, rest, scope)

    calls.enter_context(m, manager, body, loc)


def _match(m: Machine, node: cst.Match, scope: Scope) -> None:
    m.eval(node.subject, scope)
    for case in node.cases:
        wildcard = isinstance(case.pattern, cst.MatchAs) and case.pattern.pattern is None
        loc = m.loc(scope.module, case)
        if wildcard or m.truth(m.opaque(f"case {loc.code}"), default=True, loc=loc):
            m.exec_block(case.body.body, scope, UNGUARDED)
            return
