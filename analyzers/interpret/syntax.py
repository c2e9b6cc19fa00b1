"""What the evaluator needs to know of `ast` beyond its node classes: operator names, a call's
arguments and a function's parameters in the order they are written, and a few questions
(`elif` or `else: if`, the statements of a block) that the tree answers only indirectly.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass

# The evaluator's operator names (the trace records comparisons by these names).
BINARY: dict[type[ast.operator], str] = {
    ast.Add: "Add",
    ast.Sub: "Subtract",
    ast.Mult: "Multiply",
    ast.Div: "Divide",
    ast.FloorDiv: "FloorDivide",
    ast.Mod: "Modulo",
    ast.Pow: "Power",
    ast.LShift: "LeftShift",
    ast.RShift: "RightShift",
    ast.BitOr: "BitOr",
    ast.BitAnd: "BitAnd",
    ast.BitXor: "BitXor",
    ast.MatMult: "MatrixMultiply",
}
UNARY: dict[type[ast.unaryop], str] = {
    ast.USub: "Minus",
    ast.UAdd: "Plus",
    ast.Not: "Not",
    ast.Invert: "BitInvert",
}
COMPARE: dict[type[ast.cmpop], str] = {
    ast.Eq: "Equal",
    ast.NotEq: "NotEqual",
    ast.Lt: "LessThan",
    ast.LtE: "LessThanEqual",
    ast.Gt: "GreaterThan",
    ast.GtE: "GreaterThanEqual",
    ast.In: "In",
    ast.NotIn: "NotIn",
    ast.Is: "Is",
    ast.IsNot: "IsNot",
}

FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef)
Function = ast.FunctionDef | ast.AsyncFunctionDef
Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda  # what a `FuncV` runs
Loop = ast.For | ast.AsyncFor
Try = ast.Try | ast.TryStar


@dataclass(frozen=True)
class Argument:
    """One argument as written at a call: `keyword=value`, `*value`, `**value` or `value`."""

    value: ast.expr
    keyword: str | None = None
    star: str = ""  # "", "*" or "**"


def arguments(call: ast.Call) -> list[Argument]:
    """A call's arguments in the order they are written (and evaluated)."""
    found = [
        Argument(arg.value, star="*") if isinstance(arg, ast.Starred) else Argument(arg)
        for arg in call.args
    ]
    keywords = [
        Argument(item.value, item.arg, "" if item.arg is not None else "**")
        for item in call.keywords
    ]
    if keywords and found and _before(keywords[0].value, found[-1].value):
        # `f(a=1, *rest)`: a keyword written before a star argument
        return sorted([*found, *keywords], key=lambda item: _position(item.value))
    return found + keywords


def _position(node: ast.expr) -> tuple[int, int]:
    return node.lineno, node.col_offset


def _before(first: ast.expr, second: ast.expr) -> bool:
    return _position(first) < _position(second)


@dataclass(frozen=True)
class Parameter:
    name: str
    default: ast.expr | None


@dataclass(frozen=True)
class Parameters:
    """A function's parameters: positional ones (positional-only first), `*name`, the
    keyword-only ones and `**name`."""

    positional: tuple[Parameter, ...]
    star: str | None
    keyword_only: tuple[Parameter, ...]
    star_star: str | None

    def with_defaults(self) -> Iterator[Parameter]:
        for parameter in (*self.positional, *self.keyword_only):
            if parameter.default is not None:
                yield parameter


_PARAMETERS: dict[int, tuple[ast.arguments, Parameters]] = {}


def parameters(node: Definition) -> Parameters:
    """The parameters of a `def` or `lambda`, read once per node."""
    args = node.args
    known = _PARAMETERS.get(id(args))
    if known is not None and known[0] is args:
        return known[1]
    ordered = [*args.posonlyargs, *args.args]
    defaults: list[ast.expr | None] = [None] * (len(ordered) - len(args.defaults))
    defaults += args.defaults
    found = Parameters(
        tuple(Parameter(arg.arg, default) for arg, default in zip(ordered, defaults, strict=True)),
        args.vararg.arg if args.vararg is not None else None,
        tuple(
            Parameter(arg.arg, default)
            for arg, default in zip(args.kwonlyargs, args.kw_defaults, strict=True)
        ),
        args.kwarg.arg if args.kwarg is not None else None,
    )
    if len(_PARAMETERS) > 200_000:
        _PARAMETERS.clear()
    _PARAMETERS[id(args)] = (args, found)  # the node is kept so that its id is not reused
    return found


def is_elif(orelse: list[ast.stmt], text: list[str]) -> bool:
    """Whether an `else` side is an `elif` (a chain of one `if`), not `else:` holding an `if`:
    `ast` writes both as one `If` in `orelse`; the source tells them apart."""
    if len(orelse) != 1 or not isinstance(orelse[0], ast.If):
        return False
    node = orelse[0]
    line = text[node.lineno - 1] if 0 < node.lineno <= len(text) else ""
    return line.encode("utf-8")[node.col_offset : node.col_offset + 4] == b"elif"


def dotted(node: ast.expr) -> str:
    """`a.b.c` as text ("" for anything but names and attributes, `.c` for `f().c`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return f"{dotted(node.value)}.{node.attr}"
    return ""


def key_of(node: ast.Subscript, lines: list[str]) -> ast.expr | None:
    """The one key a subscript names (`d[k]`, `d[(a, b)]`); None for a slice or for
    `d[a, b]` (several items, which a table of the repository is not indexed by)."""
    key = node.slice
    if isinstance(key, ast.Slice):
        return None
    if isinstance(key, ast.Tuple) and not _parenthesized(key, lines):
        return None
    return key


def _parenthesized(node: ast.expr, lines: list[str]) -> bool:
    line = lines[node.lineno - 1] if 0 < node.lineno <= len(lines) else ""
    return line.encode("utf-8")[node.col_offset : node.col_offset + 1] == b"("
