"""Expressions: literals, names, f-strings, containers, comprehensions, operators and calls."""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzers.interpret import (
    calls,
    classes,
    concurrency,
    containers,
    guards,
    imports,
    iteration,
    later_serves,
    operators,
    versions,
)
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.conversions import as_text_part, truthiness
from analyzers.interpret.scope import Scope
from analyzers.interpret.signals import Raised
from analyzers.interpret.syntax import BINARY, COMPARE, UNARY, arguments, key_of, node_memo
from analyzers.interpret.values import (
    NONE,
    Const,
    DictV,
    Ext,
    FuncV,
    Hashed,
    ListV,
    Value,
    VersionV,
    concat,
    forced,
)

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine

BUILTIN_NAMES = frozenset(
    [
        "abs",
        "all",
        "any",
        "bool",
        "bytes",
        "callable",
        "dict",
        "divmod",
        "enumerate",
        "filter",
        "float",
        "format",
        "frozenset",
        "getattr",
        "hasattr",
        "hash",
        "int",
        "isinstance",
        "issubclass",
        "iter",
        "len",
        "list",
        "map",
        "max",
        "min",
        "next",
        "object",
        "open",
        "print",
        "range",
        "repr",
        "reversed",
        "round",
        "set",
        "setattr",
        "sorted",
        "str",
        "sum",
        "super",
        "tuple",
        "type",
        "vars",
        "zip",
        "exit",
        "quit",
        "exec",
        "eval",
        "compile",
        "property",
        "staticmethod",
        "classmethod",
        "id",
        "input",
        "globals",
        "locals",
        "ValueError",
        "TypeError",
        "KeyError",
        "RuntimeError",
        "Exception",
        "FileNotFoundError",
        "NotImplementedError",
        "OSError",
        "AssertionError",
        "StopIteration",
    ]
)


def evaluate(m: Machine, node: ast.expr, scope: Scope) -> Value:
    handler = _HANDLERS.get(type(node))
    if handler is None:
        return m.opaque(f"`{m.loc(scope.module, node).code}`")
    return handler(m, node, scope)


def lookup_name(m: Machine, name: str, scope: Scope) -> Value:
    found = scope.lookup(name)
    if found is not None:
        return forced(found)
    if name in BUILTIN_NAMES:
        return Ext(f"builtins.{name}")
    for module in scope.module_scope.star_imports:
        return Ext(f"{module}.{name}")
    return m.opaque(name)


def _name(m: Machine, node: ast.Name, scope: Scope) -> Value:
    if scope.lookup(node.id) is None and node.id in imports.import_only_names(scope.module.source):
        # Its import did not run in this world (a guarded optional import): a NameError.
        raise Raised("NameError", m.loc(scope.module, node).line)
    return lookup_name(m, node.id, scope)


def _constant(m: Machine, node: ast.Constant, scope: Scope) -> Value:
    return Const(node.value)


def _fstring(m: Machine, node: ast.JoinedStr, scope: Scope) -> Value:
    parts: list[Value] = []
    for part in node.values:
        if isinstance(part, ast.Constant):
            parts.append(Const(part.value))
        elif isinstance(part, ast.FormattedValue):
            value = m.eval(part.value, scope)
            spec = _format_spec(part)
            parts.append(as_text_part(m, value, spec))
    return concat(*parts)


def _format_spec(part: ast.FormattedValue) -> str | None:
    spec = part.format_spec
    if spec is None:
        return None
    pieces = spec.values if isinstance(spec, ast.JoinedStr) else [spec]
    texts = [p.value for p in pieces if isinstance(p, ast.Constant) and isinstance(p.value, str)]
    return "".join(texts) if len(texts) == len(pieces) else None


def _elements(m: Machine, elements: Sequence[ast.expr], scope: Scope) -> list[Value]:
    items: list[Value] = []
    for element in elements:
        if isinstance(element, ast.Starred):
            value = m.eval(element.value, scope)
            items.extend(iteration.plan(m, value, m.loc(scope.module, element), quiet=True))
        else:
            items.append(m.eval(element, scope))
        if len(items) > m.limits.max_items:
            break
    return items


_KINDS = {ast.List: "list", ast.Tuple: "tuple", ast.Set: "set"}


def _list(m: Machine, node: ast.List | ast.Tuple | ast.Set, scope: Scope) -> Value:
    kind = _KINDS[type(node)]
    items = _elements(m, node.elts, scope)
    if len(items) > m.limits.max_items:
        return m.opaque("a very large literal")
    if kind == "set":
        items = containers.dedupe(items)
    return ListV(items, kind)


def _dict(m: Machine, node: ast.Dict, scope: Scope) -> Value:
    result = DictV()
    loc = m.loc(scope.module, node)
    for key_node, value_node in zip(node.keys, node.values, strict=True):
        if key_node is not None:
            key = m.eval(key_node, scope)
            containers.set_item(m, result, key, m.eval(value_node, scope), loc)
        else:  # `**other`
            containers.update_dict(m, result, m.eval(value_node, scope), loc)
    return result


def _comprehension(
    m: Machine,
    node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp,
    scope: Scope,
) -> Value:
    inner = Scope(scope.module, scope)
    produced: list[Value] = []
    result = DictV()
    loc = m.loc(scope.module, node)

    def emit() -> None:
        if isinstance(node, ast.DictComp):
            containers.set_item(m, result, m.eval(node.key, inner), m.eval(node.value, inner), loc)
        else:
            produced.append(m.eval(node.elt, inner))

    def run(index: int) -> None:
        if index == len(node.generators):
            emit()
            return
        clause = node.generators[index]
        for item in iteration.plan(m, m.eval(clause.iter, inner), loc, lazy=True):
            m.assign(clause.target, iteration.taken(m, item, loc), inner)
            # An unknown filter keeps the item (no branch): the request it guards may happen.
            if all(truthiness(m.eval(test, inner)) is not False for test in clause.ifs):
                run(index + 1)

    facts = len(m.trace.facts)
    run(0)
    if isinstance(node, ast.GeneratorExp) and not later_serves.runs_through(
        m, (scope.module.source, node)
    ):
        later_serves.defer(m, m.trace.facts[facts:])  # its items may come later
    if isinstance(node, ast.DictComp):
        return result
    kind = "set" if isinstance(node, ast.SetComp) else "list"
    return ListV(containers.dedupe(produced) if kind == "set" else produced, kind)


def _subscript(m: Machine, node: ast.Subscript, scope: Scope) -> Value:
    target = m.eval(node.value, scope)
    loc = m.loc(scope.module, node)
    inner = node.slice
    if isinstance(inner, ast.Slice):
        bounds = [
            m.eval(part, scope) if part is not None else NONE
            for part in (inner.lower, inner.upper, inner.step)
        ]
        return containers.get_slice(m, target, bounds, loc)
    key = key_of(node, scope.module.source.lines)
    if key is None:
        return m.opaque(f"`{loc.code}`", loc)
    return containers.get_item(m, target, m.eval(key, scope), loc)


def _binary(m: Machine, node: ast.BinOp, scope: Scope) -> Value:
    left = m.eval(node.left, scope)
    right = m.eval(node.right, scope)
    name = BINARY[type(node.op)]
    return operators.binary(m, name, left, right, m.loc(scope.module, node))


def _unary(m: Machine, node: ast.UnaryOp, scope: Scope) -> Value:
    value = m.eval(node.operand, scope)
    return operators.unary(m, UNARY[type(node.op)], value, m.loc(scope.module, node))


def condition(m: Machine, node: ast.expr, scope: Scope, *, default: bool) -> Value:
    """An `if` test whose `and` / `or` / `not` operands take the answer that gives the test
    the branch's default (`if unknown_args and not allow: raise` first runs without raising).
    Only the order of the worlds changes: every operand is still tried both ways."""
    if isinstance(node, ast.BoolOp):
        m.tick()
        return _boolean(m, node, scope, default=default)
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.Not):
        m.tick()
        value = condition(m, node.operand, scope, default=not default)
        return operators.unary(m, "Not", value, m.loc(scope.module, node))
    value = m.eval(node, scope)
    # `if step % 50:`, `if not step % 50:`, `if ready and step % 50:` on a count
    operators.note_tested(m, value, m.loc(scope.module, node))
    return value


def _pair(node: ast.BoolOp) -> ast.BoolOp:
    """`a and b and c` as `(a and b) and c`: each step's left side is all the operands before
    its last one (a node of its own, which a decision and a message can point at)."""
    if len(node.values) <= 2:
        return node

    def pair() -> ast.BoolOp:
        left = ast.BoolOp(node.op, node.values[:-1])
        left.lineno, left.col_offset = node.lineno, node.col_offset
        last = node.values[-2]
        left.end_lineno, left.end_col_offset = last.end_lineno, last.end_col_offset
        return left

    return node_memo(node, "left_pair", pair)


def _boolean(m: Machine, node: ast.BoolOp, scope: Scope, *, default: bool = True) -> Value:
    if len(node.values) > 2:
        m.tick()  # the operations before the last operand are a node of their own
        left = _boolean(m, _pair(node), scope, default=default)
    else:
        left = condition(m, node.values[0], scope, default=default)
    right_node = node.values[-1]
    loc = m.loc(scope.module, node)
    truth = m.truth(left, default=default, loc=loc)
    carried = operators.carried_tests(left) if m.periodic_pending is None else []
    if carried:
        # `step >= 12 and save()` as a statement: the count's test guards the operand it may
        # skip, as an `if` guards its body.
        guards.note(m, node, scope, carried, changed=False)
    if isinstance(node.op, ast.And):
        return condition(m, right_node, scope, default=default) if truth else left
    if truth and isinstance(left, Hashed) and truthiness(left) is None:
        # `crc32(name) or 1`: the digest, its (improbable) zero replaced, which the verdict's
        # collision bound covers; no world where two digests are both zero is explored.
        m.eval(right_node, scope)
        return replace(
            left, nonzero=True, desc=f"{left.desc} or {m.loc(scope.module, right_node).code}"
        )
    return left if truth else condition(m, right_node, scope, default=default)


def _comparison(m: Machine, node: ast.Compare, scope: Scope) -> Value:
    left = m.eval(node.left, scope)
    loc = m.loc(scope.module, node)
    result: Value = Const(True)
    for op, comparator in zip(node.ops, node.comparators, strict=True):
        right = m.eval(comparator, scope)
        outcome = operators.compare(m, COMPARE[type(op)], left, right, loc)
        if isinstance(outcome, Const) and not outcome.value:
            return outcome
        result = outcome if isinstance(result, Const) else operators.both(m, result, outcome)
        left = right
    return result


def _if_exp(m: Machine, node: ast.IfExp, scope: Scope) -> Value:
    outer, m.periodic_pending = m.periodic_pending, []
    try:
        test = m.eval(node.test, scope)
        operators.note_tested(m, test, m.loc(scope.module, node.test))
    finally:
        tests, m.periodic_pending = m.periodic_pending or [], outer
    loc = m.loc(scope.module, node)
    before = guards.effects(m) if tests else None
    try:
        if m.truth(test, default=True, loc=loc, branches=(node.body, node.orelse)):
            return m.eval(node.body, scope)
        return m.eval(node.orelse, scope)
    finally:
        if before is not None:
            # `save() if step > 10 else None` in a loop: a count's test, as in an `if`.
            guards.note(m, node, scope, tests, changed=guards.effects(m) != before)


def _lambda(m: Machine, node: ast.Lambda, scope: Scope) -> Value:
    defaults = calls.evaluate_defaults(m, node, scope)
    return FuncV(node, scope.module, scope, defaults, "<lambda>")


def _await(m: Machine, node: ast.Await, scope: Scope) -> Value:
    value = m.eval(node.value, scope)
    concurrency.awaited(m, node.value)
    return value


def _yield(m: Machine, node: ast.Yield, scope: Scope) -> Value:
    if not m.yield_handlers:
        return NONE
    handler = m.yield_handlers[-1]
    return handler(m.eval(node.value, scope) if node.value is not None else NONE)


def _yield_from(m: Machine, node: ast.YieldFrom, scope: Scope) -> Value:
    if not m.yield_handlers:
        return NONE
    handler = m.yield_handlers[-1]
    loc = m.loc(scope.module, node)
    for item in iteration.plan(m, m.eval(node.value, scope), loc):
        handler(item)
    return NONE


def _named(m: Machine, node: ast.NamedExpr, scope: Scope) -> Value:
    value = m.eval(node.value, scope)
    m.assign(node.target, value, scope)
    return value


def _call(m: Machine, node: ast.Call, scope: Scope) -> Value:
    loc = m.loc(scope.module, node)
    if isinstance(node.func, ast.Attribute):
        receiver = m.eval(node.func.value, scope)
        args = _arguments(m, node, scope)
        if isinstance(receiver, Ext):
            version = _version_call(f"{receiver.qual}.{node.func.attr}", args)
            if version is not None:
                return version
        return calls.call_method(m, receiver, node.func.attr, args, loc)
    func = m.eval(node.func, scope)
    args = _arguments(m, node, scope)
    if isinstance(func, Ext):
        version = _version_call(func.qual, args)
        if version is not None:
            return version
    return calls.call_value(m, func, args, loc)


def _version_call(qual: str, args: CallArgs) -> Value | None:
    """`Version(vllm.__version__)`, `importlib.metadata.version("vllm")`: a version value."""
    first = args.positional[0] if len(args.positional) == 1 and not args.keywords else None
    if first is None:
        return None
    if qual in versions.PARSERS:
        return versions.parsed(first)
    if qual in versions.METADATA_CALLS and first == Const("vllm"):
        return VersionV("text", desc=f'{qual.rpartition(".")[2]}("vllm")')
    return None


def _arguments(m: Machine, node: ast.Call, scope: Scope) -> CallArgs:
    args = CallArgs(call=(scope.module.source, node))
    loc = m.loc(scope.module, node)
    for arg in arguments(node):
        value = m.eval(arg.value, scope)
        if arg.keyword is not None:
            args.keywords[arg.keyword] = value
        elif arg.star == "*":
            if iteration.is_known_sequence(value):
                args.positional.extend(iteration.plan(m, value, loc, quiet=True))
            else:
                args.star = value
        elif arg.star == "**":
            if not containers.spread_keywords(value, args.keywords):
                args.star_star = value
        else:
            args.positional.append(value)
    return args


def _attribute(m: Machine, node: ast.Attribute, scope: Scope) -> Value:
    owner = m.eval(node.value, scope)
    name = node.attr
    if isinstance(owner, Ext) and f"{owner.qual}.{name}" in versions.VERSION_NAMES:
        return VersionV(versions.VERSION_NAMES[f"{owner.qual}.{name}"], desc=f"{owner.qual}.{name}")
    if isinstance(owner, VersionV):
        found = versions.attribute(owner, name)
        if found is not None:
            return found
    return classes.get_attribute(m, owner, name, m.loc(scope.module, node))


def _starred(m: Machine, node: ast.Starred, scope: Scope) -> Value:
    return m.eval(node.value, scope)


_Handler = Callable[["Machine", ast.expr, Scope], Value]
_HANDLERS: dict[type[ast.AST], _Handler] = {
    ast.Name: _name,  # type: ignore[dict-item]
    ast.Constant: _constant,  # type: ignore[dict-item]
    ast.JoinedStr: _fstring,  # type: ignore[dict-item]
    ast.List: _list,  # type: ignore[dict-item]
    ast.Tuple: _list,  # type: ignore[dict-item]
    ast.Set: _list,  # type: ignore[dict-item]
    ast.Dict: _dict,  # type: ignore[dict-item]
    ast.ListComp: _comprehension,  # type: ignore[dict-item]
    ast.SetComp: _comprehension,  # type: ignore[dict-item]
    ast.GeneratorExp: _comprehension,  # type: ignore[dict-item]
    ast.DictComp: _comprehension,  # type: ignore[dict-item]
    ast.Subscript: _subscript,  # type: ignore[dict-item]
    ast.BinOp: _binary,  # type: ignore[dict-item]
    ast.UnaryOp: _unary,  # type: ignore[dict-item]
    ast.BoolOp: _boolean,  # type: ignore[dict-item]
    ast.Compare: _comparison,  # type: ignore[dict-item]
    ast.IfExp: _if_exp,  # type: ignore[dict-item]
    ast.Lambda: _lambda,  # type: ignore[dict-item]
    ast.Await: _await,  # type: ignore[dict-item]
    ast.Yield: _yield,  # type: ignore[dict-item]
    ast.YieldFrom: _yield_from,  # type: ignore[dict-item]
    ast.NamedExpr: _named,  # type: ignore[dict-item]
    ast.Call: _call,  # type: ignore[dict-item]
    ast.Attribute: _attribute,  # type: ignore[dict-item]
    ast.Starred: _starred,  # type: ignore[dict-item]
}
