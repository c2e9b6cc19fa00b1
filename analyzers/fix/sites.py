"""What the codemod reads in a parsed file: a request site's call and arguments, the statement a
call runs in, the loops around it, and whether an expression may be evaluated once more.

Everything here is syntax over libcst nodes; nothing is imported or executed.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

import libcst as cst

from analyzers.files.concrete import ConcreteFile
from analyzers.model import Site
from analyzers.vllm.api import FIELDS, ROUTE_TEMPLATE, ROUTES

# A new scope: a name bound inside one is not the name outside, and code inside may run later.
SCOPES = (
    cst.FunctionDef,
    cst.Lambda,
    cst.ClassDef,
    cst.ListComp,
    cst.SetComp,
    cst.DictComp,
    cst.GeneratorExp,
)
# Calls that build a path from other values without side effects (`str(p)`, `os.path.join`).
PURE_CALLS = frozenset(
    {"str", "int", "os.fspath", "os.path.join", "os.path.abspath", "Path", "pathlib.Path"}
)
SERVER_LOAD = "loads an adapter into vLLM's server over HTTP"


@dataclass
class Parsed:
    """One file, parsed, with every node's parent."""

    source: ConcreteFile
    parents: dict[cst.CSTNode, cst.CSTNode] = field(default_factory=dict)

    def __post_init__(self) -> None:
        stack: list[cst.CSTNode] = [self.source.module]
        while stack:
            node = stack.pop()
            for child in node.children:
                self.parents[child] = node
                stack.append(child)

    @property
    def module(self) -> cst.Module:
        return self.source.module

    def code(self, node: cst.CSTNode) -> str:
        return self.source.module.code_for_node(node)

    def ancestors(self, node: cst.CSTNode) -> Iterator[cst.CSTNode]:
        current = self.parents.get(node)
        while current is not None:
            yield current
            current = self.parents.get(current)

    def nodes(self) -> Iterator[cst.CSTNode]:
        stack: list[cst.CSTNode] = [self.source.module]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(node.children)

    def names(self) -> set[str]:
        """Every identifier the file uses or binds (a new name must be none of them)."""
        return {node.value for node in self.nodes() if isinstance(node, cst.Name)}


def request_call(parsed: Parsed, line: int, column: int) -> cst.Call | None:
    """The request construction the report's site points at (1-based line and column)."""
    found = [
        node for node in calls_at(parsed, line, column) if argument(node, "lora_id") is not None
    ]
    # `LoRARequest(...).method()` starts where the request does: the inner call is the request.
    found.sort(key=lambda node: len(parsed.code(node)))
    return found[0] if found else None


def calls_at(parsed: Parsed, line: int, column: int) -> list[cst.Call]:
    """The calls that start at a report's (1-based) line and column. The report reads `ast`,
    where a call starts at its function even inside parentheses of its own, so libcst's
    position of the function (never of the call, which holds those parentheses) is compared."""
    found = []
    for node, where in parsed.source.positions.items():
        if isinstance(node, cst.Call):
            start = parsed.source.positions.get(node.func, where).start
            if (start.line, start.column + 1) == (line, column):
                found.append(node)
    return found


def unreadable_site(parsed: Parsed, site: Site) -> str | None:
    """Why the report's site is no request call whose id argument can be rewritten, or None."""
    if request_call(parsed, site.line, site.column) is not None:
        return None
    at = f"the request at line {site.line}"
    calls = calls_at(parsed, site.line, site.column)
    if not calls:
        return f"{at} is not a call lora-audit fix can read"
    call = min(calls, key=lambda node: len(parsed.code(node)))
    if is_server_load(parsed, call):
        return (
            f"{at} {SERVER_LOAD}, which lora-audit fix does not "
            'rewrite: unload the name first, or send "load_inplace": true (vLLM >= 0.15)'
        )
    if has_star_args(call):
        return f"{at} takes its arguments from `*args`/`**kwargs`"
    shown = " ".join(parsed.code(call).split())
    return f"{at}, `{shown}`, passes no lora_int_id (a partial or a wrapper)"


def is_server_load(parsed: Parsed, call: cst.Call) -> bool:
    """An HTTP call to one of vLLM's server routes (`/v1/load_lora_adapter`)."""
    text = parsed.code(call)
    return any(route.word in text for route in ROUTES) or bool(ROUTE_TEMPLATE.search(text))


def argument(call: cst.Call, holds: str) -> cst.Arg | None:
    """The argument of a request call that sets `holds` ("lora_id", "path", "load_inplace")."""
    keywords = {name for name, entry in FIELDS.items() if entry.holds == holds}
    positions = {entry.position for entry in FIELDS.values() if entry.holds == holds}
    for index, arg in enumerate(call.args):
        if arg.star:
            return None  # `*args` / `**kwargs`: which argument lands where is unknown
        if arg.keyword is not None:
            if arg.keyword.value in keywords:
                return arg
        elif index in positions:
            return arg
    return None


def has_star_args(call: cst.Call) -> bool:
    return any(arg.star for arg in call.args)


@dataclass(frozen=True)
class Statement:
    """Where new code may go so that it runs just before `node` is evaluated, each time it is."""

    small: cst.BaseSmallStatement | None  # the small statement holding the node, or None
    compound: cst.BaseCompoundStatement | None  # ...or the compound statement whose header does
    holder: cst.CSTNode  # the line, suite or block the statement sits in


def statement_of(parsed: Parsed, node: cst.CSTNode) -> Statement | None:
    """The statement that evaluates `node` directly (not inside a lambda or comprehension).

    A node in a `for` iterable, an `if` test or a `with` item runs once, just before the block,
    so code inserted before the statement runs just before it too; a `while` test or an `elif`
    runs at other times, and gives None.
    """
    child = node
    for parent in parsed.ancestors(node):
        if isinstance(parent, SCOPES):
            return None
        if isinstance(parent, cst.BaseSmallStatement):
            holder = parsed.parents.get(parent)
            return Statement(parent, None, holder) if holder is not None else None
        if isinstance(parent, cst.BaseCompoundStatement):
            holder = parsed.parents.get(parent)
            if holder is None or not _runs_once_before(parent, child, holder):
                return None
            return Statement(None, parent, holder)
        child = parent
    return None


def _runs_once_before(
    statement: cst.BaseCompoundStatement, child: cst.CSTNode, holder: cst.CSTNode
) -> bool:
    if isinstance(statement, cst.For):
        return child is statement.iter
    if isinstance(statement, cst.If):
        return child is statement.test and not isinstance(holder, cst.If)  # not an `elif`
    if isinstance(statement, cst.With):
        return any(child is item for item in statement.items)
    return False


def scope_of(parsed: Parsed, node: cst.CSTNode) -> cst.CSTNode:
    """The function (or lambda, class, comprehension) whose body holds `node`, or the module."""
    for parent in parsed.ancestors(node):
        if isinstance(parent, SCOPES):
            return parent
    return parsed.module


def is_async_scope(parsed: Parsed, node: cst.CSTNode) -> bool:
    scope = scope_of(parsed, node)
    return isinstance(scope, cst.FunctionDef) and scope.asynchronous is not None


def loops_around(parsed: Parsed, node: cst.CSTNode) -> list[cst.For]:
    """The `for` loops whose body runs `node`, innermost first, within `node`'s own scope."""
    loops: list[cst.For] = []
    child = node
    for parent in parsed.ancestors(node):
        if isinstance(parent, SCOPES):
            break
        if isinstance(parent, cst.For) and child is parent.body:
            loops.append(parent)
        child = parent
    return loops


def dotted(node: cst.BaseExpression) -> str | None:
    """`os.path.join` for an attribute chain of names, `str` for a name, else None."""
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        inner = dotted(node.value)
        return f"{inner}.{node.attr.value}" if inner is not None else None
    return None


def is_pure(node: cst.CSTNode) -> bool:
    """Whether evaluating the expression again gives the same value and changes nothing.

    Names, attributes, subscripts, literals, f-strings, operators and a few path builders; any
    other call (`next(ids)`, `make_path()`) may have an effect or a new value each time.
    """
    if isinstance(node, cst.Name | cst.Integer | cst.Float | cst.SimpleString):
        return True
    if isinstance(node, cst.Attribute):
        return is_pure(node.value)
    if isinstance(node, cst.Subscript):
        return is_pure(node.value) and all(is_pure(element.slice) for element in node.slice)
    if isinstance(node, cst.Index):
        return is_pure(node.value)
    if isinstance(node, cst.ConcatenatedString):
        return is_pure(node.left) and is_pure(node.right)
    if isinstance(node, cst.FormattedString):
        return all(
            is_pure(part.expression)
            for part in node.parts
            if isinstance(part, cst.FormattedStringExpression)
        )
    if isinstance(node, cst.BinaryOperation):
        return is_pure(node.left) and is_pure(node.right)
    if isinstance(node, cst.UnaryOperation):
        return is_pure(node.expression)
    if isinstance(node, cst.Tuple):
        return all(is_pure(element.value) for element in node.elements)
    if isinstance(node, cst.Call):
        return dotted(node.func) in PURE_CALLS and all(
            not arg.star and is_pure(arg.value) for arg in node.args
        )
    return False


def int_value(node: cst.BaseExpression | None) -> int | None:
    """The value of an integer literal (`3`, `-1`), else None."""
    if isinstance(node, cst.Integer):
        return int(node.evaluated_value)
    if (
        isinstance(node, cst.UnaryOperation)
        and isinstance(node.operator, cst.Minus)
        and isinstance(node.expression, cst.Integer)
    ):
        return -int(node.expression.evaluated_value)
    return None


def new_name(parsed: Parsed, wanted: str) -> str:
    """`wanted`, or `wanted_2`, ... : a module-level name the file does not use yet."""
    taken = parsed.names()
    if wanted not in taken:
        return wanted
    suffix = 2
    while f"{wanted}_{suffix}" in taken:
        suffix += 1
    return f"{wanted}_{suffix}"
