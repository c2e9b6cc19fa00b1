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

import ast
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzers.interpret import relevance
from analyzers.interpret.containers import RangeV
from analyzers.interpret.scope import Scope
from analyzers.interpret.syntax import node_memo, statement_blocks
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
        "count", "endswith", "find", "format", "get", "index", "items", "join", "keys", "lower",
        "lstrip", "replace", "rfind", "rstrip", "split", "startswith", "strip", "upper",
        "values",
        "zfill",
    }
)  # fmt: skip
_MUTATING_METHODS = frozenset({"add", "append", "extend", "insert", "setdefault", "update"})
_FORBIDDEN = (
    ast.Lambda,
    ast.Yield,
    ast.YieldFrom,
    ast.Await,
    ast.NamedExpr,
    ast.Attribute,  # allowed only as the function of a method call (checked before the walk)
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


def summarise(
    m: Machine, node: ast.For | ast.AsyncFor, iterable: Value, scope: Scope, loc: Loc
) -> bool:
    """Summarise the loop when that provably loses nothing the verdict reads; True if done."""
    if node.orelse or isinstance(node, ast.AsyncFor):
        return False
    count = _known_length(iterable)
    if count is None or count == 0:
        return False
    shape = _shape(node)
    if shape is None or count * shape.cost < THRESHOLD:
        return False
    if not _plain(iterable) or _shadows_builtin(scope, shape):
        return False
    for name in shape.read - shape.mutated - shape.called:
        value = scope.lookup(name)
        if value is None:
            if name not in shape.assigned and scope.module_scope.star_imports:
                return False  # perhaps a name from `import *`
        elif not _plain(value):
            return False
    return _forget(m, node, shape, scope, loc)


def summarise_while(m: Machine, node: ast.While, scope: Scope, loc: Loc) -> bool:
    """A `while` loop of plain computation that tests what only the run knows (a scan of an
    unknown text for a marker) is summarised as a `for` loop is: each of its iterations
    would otherwise fork a world at every `if` of its body. True if done."""
    # (an `if` the shape reader refuses, inside a `with` or a nested loop, refuses it anyway)
    if node.orelse or not any(isinstance(item, ast.If) for item in ast.walk(node)):
        return False
    shape = _shape(node)
    if shape is None or _shadows_builtin(scope, shape):
        return False
    unknown = False
    for name in shape.read - shape.mutated - shape.called:
        value = scope.lookup(name)
        if value is None:
            if name not in shape.assigned:
                return False  # a name the loop reads before it binds it, or from `import *`
        elif not _plain(value):
            return False
        else:
            unknown = unknown or not isinstance(value, Const)
    if not unknown:
        return False  # every value is known: the loop runs as written
    return _forget(m, node, shape, scope, loc)


def _shadows_builtin(scope: Scope, shape: Shape) -> bool:
    """Whether a builtin the loop calls is the repository's own name here."""
    return any(scope.lookup(name) is not None for name in shape.called)


def _forget(m: Machine, node: ast.For | ast.While, shape: Shape, scope: Scope, loc: Loc) -> bool:
    """Make what the loop assigns and fills unknown, when no other reference can see its
    mutations (`x += ...` on a scalar, containers bound to a fresh literal just before); True
    if done."""
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


def _shape(node: ast.For | ast.While) -> Shape | None:
    return node_memo(node, "loop_shape", lambda: _read_shape(node))


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

    def block(self, body: Sequence[ast.stmt]) -> int:
        return sum(self.statement(item) for item in body)

    def statement(self, node: ast.stmt) -> int:
        if isinstance(node, ast.For):
            if node.orelse:
                raise _Reject
            self.target(node.target)
            cost = self.expression(node.iter)
            return cost + _static_length(node.iter) * self.block(node.body)
        if isinstance(node, ast.If):
            cost = 1 + self.expression(node.test) + self.block(node.body)
            if node.orelse:
                cost += self.block(node.orelse)
            return cost
        return 1 + self.small(node)

    def small(self, node: ast.stmt) -> int:
        if isinstance(node, ast.Pass | ast.Break | ast.Continue):
            return 1
        if isinstance(node, ast.Assign):
            for target in node.targets:
                self.target(target, plain=True)
            return 1 + self.expression(node.value)
        if isinstance(node, ast.AnnAssign) and node.value is not None:
            self.target(node.target, plain=True)
            return 1 + self.expression(node.value)
        if isinstance(node, ast.AugAssign):
            if isinstance(node.target, ast.Name):
                self.aug.add(node.target.id)
                self.assigned.add(node.target.id)
            else:
                self.target(node.target)
            return 2 + self.expression(node.value)
        if isinstance(node, ast.Expr):
            return self.expression(node.value)
        raise _Reject

    def target(self, node: ast.expr, *, plain: bool = False) -> None:
        if isinstance(node, ast.Name):
            self.assigned.add(node.id)
            if plain:
                self.plain_assigned.add(node.id)
        elif isinstance(node, ast.Tuple | ast.List):
            for element in node.elts:
                if isinstance(element, ast.Starred):
                    raise _Reject
                self.target(element, plain=plain)
        elif isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
            self.mutated.add(node.value.id)
            self.expression(node.slice)
        else:
            raise _Reject

    def expression(self, node: ast.AST) -> int:
        cost = 0
        stack: list[ast.AST] = [node]
        while stack:
            current = stack.pop()
            cost += 1
            if isinstance(current, ast.Call):
                stack.extend(self.call(current))
                continue
            if isinstance(current, _FORBIDDEN):
                raise _Reject
            if isinstance(current, ast.Name):
                self.read.add(current.id)
            elif isinstance(current, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
                raise _Reject  # their own loops are not estimated here
            stack.extend(ast.iter_child_nodes(current))
        return cost

    def call(self, node: ast.Call) -> list[ast.AST]:
        """The parts of an allowed call still to read; rejects any other call."""
        func = node.func
        rest: list[ast.AST] = [*node.args, *node.keywords]
        if isinstance(func, ast.Name) and func.id in _BUILTINS:
            self.called.add(func.id)
            return rest
        if isinstance(func, ast.Attribute):
            method = func.attr
            if method in _PURE_METHODS:
                return [func.value, *rest]
            if method in _MUTATING_METHODS and isinstance(func.value, ast.Name):
                self.mutated.add(func.value.id)
                return rest
        raise _Reject


def _read_shape(node: ast.For | ast.While) -> Shape | None:
    if relevance.weight([node]) == relevance.SITES:
        return None
    reader = _Reader()
    try:
        if isinstance(node, ast.For):
            reader.target(node.target)
            cost = reader.block(node.body)
        else:  # the test runs before each iteration, as the body does
            cost = reader.expression(node.test) + reader.block(node.body)
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


def _static_length(node: ast.expr) -> int:
    """Iterations of an inner loop, when its syntax says (`range(64)`); else a small guess."""
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "range"
        and not node.keywords
        and 1 <= len(node.args) <= 2
        and all(_integer(arg) for arg in node.args)
    ):
        bounds = [
            arg.value
            for arg in node.args
            if isinstance(arg, ast.Constant) and type(arg.value) is int
        ]
        return max(0, bounds[-1] - (bounds[0] if len(bounds) == 2 else 0))
    return 3


def _integer(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and type(node.value) is int


# -- freshness ------------------------------------------------------------------------------


def _fresh(scope: Scope, node: ast.For | ast.While, name: str) -> bool:
    """`name` was bound to an empty literal before the loop, with no mention in between."""
    found = statement_blocks(scope.module.source.tree).get(id(node))
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


def _mentions(node: ast.AST, name: str) -> bool:
    return any(isinstance(current, ast.Name) and current.id == name for current in ast.walk(node))


def _empty_binding(statement: ast.stmt, name: str) -> bool:
    if isinstance(statement, ast.Assign):
        if len(statement.targets) != 1:
            return False
        target, value = statement.targets[0], statement.value
    elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
        target, value = statement.target, statement.value
    else:
        return False
    if not (isinstance(target, ast.Name) and target.id == name):
        return False
    return (isinstance(value, ast.Dict) and not value.keys) or (
        isinstance(value, ast.List) and not value.elts
    )
