"""Loops that only compute (tables, counters) are summarised instead of unrolled.

A vocabulary table of 64 x 64 x 40 entries costs more steps than the whole analysis may take,
and touches nothing the verdict reads. A loop is summarised only when that is provably so:

- its body is plain computation: names, literals, operators, subscripts, `if`/`for`, calls of
  builtins (not shadowed) and of a few methods of strings and containers; no request, serve or
  invalidation word, no other call, no attribute read, no `yield`, `return`, `raise` or `del`;
- every name it reads and does not assign holds a plain value (literals, unknown scalars, lists
  and dicts of those), so no operator or subscript can run code of the repository;
- every container it mutates is a name bound, just before the loop, to a fresh empty literal
  that nothing else has seen (so no other reference can observe the mutation);
- it is big: the estimated work passes `THRESHOLD`, so small loops stay exact.

The summary is an over-approximation: every name the loop assigns, and every container it fills,
becomes an unknown value afterwards. Nothing the loop could do is lost; only values are forgotten.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

import libcst as cst

from analyzers.interpret import relevance
from analyzers.interpret.containers import RangeV
from analyzers.interpret.scope import Scope
from analyzers.interpret.values import (
    Concat,
    Const,
    DictV,
    Ext,
    Hashed,
    HashText,
    ListV,
    Sym,
    Value,
)

if TYPE_CHECKING:
    from analyzers.files.parsing import Loc
    from analyzers.interpret.runtime import Machine

THRESHOLD = 20_000  # estimated syntax nodes evaluated by the whole loop
_BUILTINS = frozenset(
    {
        "abs", "bool", "chr", "dict", "divmod", "enumerate", "float", "int", "len", "list",
        "max", "min", "ord", "pow", "range", "repr", "reversed", "round", "set", "sorted",
        "str", "sum", "tuple", "zip",
    }
)  # fmt: skip
_PURE_METHODS = frozenset(
    {
        "count", "endswith", "format", "get", "index", "items", "join", "keys", "lower",
        "lstrip", "replace", "rstrip", "split", "startswith", "strip", "upper", "values",
        "zfill",
    }
)  # fmt: skip
_MUTATING_METHODS = frozenset({"add", "append", "extend", "insert", "setdefault", "update"})
_FORBIDDEN = (
    cst.Lambda,
    cst.Yield,
    cst.Await,
    cst.NamedExpr,
    cst.Attribute,  # allowed only as the function of a method call (checked before the walk)
)


@dataclass(frozen=True)
class Shape:
    """What a loop's syntax says: the names it assigns and reads, the containers it mutates."""

    assigned: frozenset[str]
    aug_only: frozenset[str]  # assigned only by `x += ...`
    mutated: frozenset[str]
    read: frozenset[str]
    called: frozenset[str]
    cost: int


_SHAPES: dict[int, tuple[cst.For, Shape | None]] = {}
_PARENTS: dict[int, tuple[cst.Module, dict[int, tuple[Sequence[cst.CSTNode], int]]]] = {}


def summarise(m: Machine, node: cst.For, iterable: Value, scope: Scope, loc: Loc) -> bool:
    """Summarise the loop when that provably loses nothing the verdict reads; True if done."""
    if node.orelse is not None or node.asynchronous is not None:
        return False
    count = _known_length(iterable)
    if count is None or count == 0:
        return False
    shape = _shape(scope, node)
    if shape is None or count * shape.cost < THRESHOLD:
        return False
    if not _plain(iterable):
        return False
    for name in shape.called:
        if scope.lookup(name) is not None:  # a builtin shadowed by the repository's own name
            return False
    for name in shape.read - shape.mutated - shape.called:
        value = scope.lookup(name)
        if value is None:
            if name not in shape.assigned and scope.module_scope.star_imports:
                return False  # perhaps a name from `import *`
        elif not _plain(value):
            return False
    for name in shape.aug_only:
        value = scope.lookup(name)
        if value is not None and not _scalar(value):  # `x += ...` would mutate a container
            return False
    if any(not _fresh(scope, node, name) for name in shape.mutated):
        return False
    for name in sorted(shape.assigned | shape.mutated):
        scope.assign(name, m.opaque(f"`{name}` after the loop at {loc}", loc))
    return True


def _known_length(value: Value) -> int | None:
    if isinstance(value, ListV):
        return len(value.items)
    if isinstance(value, DictV):
        return len(value.keys)
    if isinstance(value, RangeV):
        return len(value)
    return None


def _scalar(value: Value) -> bool:
    if isinstance(value, Const | Sym | Hashed | HashText):
        return True
    return isinstance(value, Concat) and all(_scalar(part) for part in value.parts)


def _plain(value: Value, depth: int = 0) -> bool:
    """A value no operator, subscript or builtin can run the repository's code on."""
    if _scalar(value) or isinstance(value, RangeV):
        return True
    if isinstance(value, Ext):
        return value.qual.startswith("builtins.")
    if depth >= 3:
        return False
    if isinstance(value, ListV):
        return len(value.items) <= 10_000 and all(_plain(v, depth + 1) for v in value.items)
    if isinstance(value, DictV):
        return len(value.keys) <= 10_000 and all(
            _plain(v, depth + 1) for v in (*value.keys, *value.values)
        )
    return False


# -- syntax ---------------------------------------------------------------------------------


def _shape(scope: Scope, node: cst.For) -> Shape | None:
    known = _SHAPES.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    shape = _read_shape(scope, node)
    if len(_SHAPES) > 50_000:
        _SHAPES.clear()
    _SHAPES[id(node)] = (node, shape)
    return shape


class _Reject(Exception):
    pass


class _Reader:
    def __init__(self) -> None:
        self.assigned: set[str] = set()
        self.plain_assigned: set[str] = set()
        self.aug: set[str] = set()
        self.mutated: set[str] = set()
        self.read: set[str] = set()
        self.called: set[str] = set()

    def block(self, body: Sequence[cst.CSTNode]) -> int:
        return sum(self.statement(item) for item in body)

    def statement(self, node: cst.CSTNode) -> int:
        if isinstance(node, cst.SimpleStatementLine):
            return 1 + sum(self.small(item) for item in node.body)
        if isinstance(node, cst.For):
            if node.orelse is not None or node.asynchronous is not None:
                raise _Reject
            self.target(node.target)
            cost = self.expression(node.iter)
            return cost + _static_length(node.iter) * self.block(node.body.body)
        if isinstance(node, cst.If):
            cost = 1 + self.expression(node.test) + self.block(node.body.body)
            if isinstance(node.orelse, cst.If):
                cost += self.statement(node.orelse)
            elif isinstance(node.orelse, cst.Else):
                cost += self.block(node.orelse.body.body)
            return cost
        raise _Reject

    def small(self, node: cst.BaseSmallStatement) -> int:
        if isinstance(node, cst.Pass | cst.Break | cst.Continue):
            return 1
        if isinstance(node, cst.Assign):
            for target in node.targets:
                self.target(target.target, plain=True)
            return 1 + self.expression(node.value)
        if isinstance(node, cst.AnnAssign) and node.value is not None:
            self.target(node.target, plain=True)
            return 1 + self.expression(node.value)
        if isinstance(node, cst.AugAssign):
            if isinstance(node.target, cst.Name):
                self.aug.add(node.target.value)
                self.assigned.add(node.target.value)
            else:
                self.target(node.target)
            return 2 + self.expression(node.value)
        if isinstance(node, cst.Expr):
            return self.expression(node.value)
        raise _Reject

    def target(self, node: cst.BaseExpression, *, plain: bool = False) -> None:
        if isinstance(node, cst.Name):
            self.assigned.add(node.value)
            if plain:
                self.plain_assigned.add(node.value)
        elif isinstance(node, cst.Tuple | cst.List):
            for element in node.elements:
                if isinstance(element, cst.StarredElement):
                    raise _Reject
                self.target(element.value, plain=plain)
        elif isinstance(node, cst.Subscript) and isinstance(node.value, cst.Name):
            self.mutated.add(node.value.value)
            for piece in node.slice:
                self.expression(piece)
        else:
            raise _Reject

    def expression(self, node: cst.CSTNode) -> int:
        cost = 0
        stack: list[cst.CSTNode] = [node]
        while stack:
            current = stack.pop()
            cost += 1
            if isinstance(current, cst.Call):
                stack.extend(self.call(current))
                continue
            if isinstance(current, _FORBIDDEN):
                raise _Reject
            if isinstance(current, cst.Name):
                self.read.add(current.value)
            elif isinstance(current, cst.ListComp | cst.SetComp | cst.DictComp | cst.GeneratorExp):
                raise _Reject  # their own loops are not estimated here
            stack.extend(current.children)
        return cost

    def call(self, node: cst.Call) -> list[cst.CSTNode]:
        """The parts of an allowed call still to read; rejects any other call."""
        func = node.func
        rest: list[cst.CSTNode] = list(node.args)
        if isinstance(func, cst.Name) and func.value in _BUILTINS:
            self.called.add(func.value)
            return rest
        if isinstance(func, cst.Attribute):
            method = func.attr.value
            if method in _PURE_METHODS:
                return [func.value, *rest]
            if method in _MUTATING_METHODS and isinstance(func.value, cst.Name):
                self.mutated.add(func.value.value)
                return rest
        raise _Reject


def _read_shape(scope: Scope, node: cst.For) -> Shape | None:
    if relevance.weight(scope.module, [node]) == relevance.SITES:
        return None
    reader = _Reader()
    try:
        reader.target(node.target)
        cost = reader.block(node.body.body)
    except _Reject:
        return None
    # A container mutated in the loop must be one that only the loop fills, never reassigned in it.
    if reader.mutated & reader.assigned:
        return None
    aug_only = frozenset(reader.aug - reader.plain_assigned)
    return Shape(
        frozenset(reader.assigned),
        aug_only,
        frozenset(reader.mutated),
        frozenset(reader.read),
        frozenset(reader.called),
        max(cost, 1),
    )


def _static_length(node: cst.BaseExpression) -> int:
    """Iterations of an inner loop, when its syntax says (`range(64)`); else a small guess."""
    if (
        isinstance(node, cst.Call)
        and isinstance(node.func, cst.Name)
        and node.func.value == "range"
        and 1 <= len(node.args) <= 2
        and all(isinstance(arg.value, cst.Integer) for arg in node.args)
    ):
        bounds = [
            int(arg.value.value, 0) for arg in node.args if isinstance(arg.value, cst.Integer)
        ]
        return max(0, bounds[-1] - (bounds[0] if len(bounds) == 2 else 0))
    return 3


# -- freshness ------------------------------------------------------------------------------


def _fresh(scope: Scope, node: cst.For, name: str) -> bool:
    """`name` was bound to an empty literal before the loop, with no mention in between."""
    found = _parents(scope).get(id(node))
    if found is None:
        return False
    body, index = found
    for statement in reversed(body[:index]):
        if not _mentions(statement, name):
            continue
        if not _empty_binding(statement, name):
            return False
        value = scope.lookup(name)  # still the empty literal's object (not rebound by `global`)
        return (isinstance(value, ListV) and not value.items) or (
            isinstance(value, DictV) and not value.keys
        )
    return False


def _parents(scope: Scope) -> dict[int, tuple[Sequence[cst.CSTNode], int]]:
    tree = scope.module.source.module
    known = _PARENTS.get(id(tree))
    if known is not None and known[0] is tree:
        return known[1]
    table: dict[int, tuple[Sequence[cst.CSTNode], int]] = {}
    stack: list[cst.CSTNode] = [tree]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Module | cst.IndentedBlock):
            body = current.body
            for position, item in enumerate(body):
                if isinstance(item, cst.For):
                    table[id(item)] = (body, position)
        if not isinstance(current, cst.BaseExpression | cst.SimpleStatementLine):
            stack.extend(current.children)
    if len(_PARENTS) > 2_000:
        _PARENTS.clear()
    _PARENTS[id(tree)] = (tree, table)
    return table


def _mentions(node: cst.CSTNode, name: str) -> bool:
    stack: list[cst.CSTNode] = [node]
    while stack:
        current = stack.pop()
        if isinstance(current, cst.Name) and current.value == name:
            return True
        stack.extend(current.children)
    return False


def _empty_binding(statement: cst.CSTNode, name: str) -> bool:
    if not isinstance(statement, cst.SimpleStatementLine) or len(statement.body) != 1:
        return False
    small = statement.body[0]
    if isinstance(small, cst.Assign):
        if len(small.targets) != 1:
            return False
        target, value = small.targets[0].target, small.value
    elif isinstance(small, cst.AnnAssign) and small.value is not None:
        target, value = small.target, small.value
    else:
        return False
    if not (isinstance(target, cst.Name) and target.value == name):
        return False
    return isinstance(value, cst.Dict | cst.List) and not value.elements
