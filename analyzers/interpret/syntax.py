"""What the evaluator needs to know of `ast` beyond its node classes: operator names, a call's
arguments and a function's parameters in the order they are written, and a few questions
(`elif` or `else: if`, the statements of a block) that the tree answers only indirectly.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TypeVar

from analyzers.files.sites import template_text

T = TypeVar("T")
_MEMO = "_lora_audit_memo"


def node_memo(node: ast.AST, key: str, compute: Callable[[], T]) -> T:
    """A value worked out once per syntax node and kept on the node itself, so that it lives
    exactly as long as its parsed file (a history sweep parses thousands; a table keyed by
    node ids would keep them all alive)."""
    memo = node.__dict__.get(_MEMO)
    if memo is None:
        memo = {}
        setattr(node, _MEMO, memo)
    if key not in memo:
        memo[key] = compute()
    return memo[key]  # type: ignore[no-any-return]


Blocks = dict[int, tuple[Sequence[ast.stmt], int]]
_BODIES = ("body", "orelse", "finalbody")


Owners = dict[int, tuple[ast.stmt, str]]


def statement_blocks(tree: ast.Module) -> Blocks:
    """Each statement's block and its place in it, by the statement's id (once per module):
    the statements before a loop, the rest of the block after an `if`."""
    return _statement_tables(tree)[0]


def statement_owners(tree: ast.Module) -> Owners:
    """The compound statement whose block holds each statement, and which of its blocks
    (`body`, `orelse`, `finalbody`, `handler`, `case`), by the statement's id (once per
    module); the top level's statements have none."""
    return _statement_tables(tree)[1]


def _statement_tables(tree: ast.Module) -> tuple[Blocks, Owners]:
    """Both tables above, from one walk of the module's blocks."""

    def build() -> tuple[Blocks, Owners]:
        blocks: Blocks = {}
        owners: Owners = {}
        stack: list[tuple[Sequence[ast.stmt], tuple[ast.stmt, str] | None]] = [(tree.body, None)]
        while stack:
            body, owner = stack.pop()
            for position, item in enumerate(body):
                blocks[id(item)] = (body, position)
                if owner is not None:
                    owners[id(item)] = owner
                for name in _BODIES:
                    inner = getattr(item, name, None)
                    if inner:
                        stack.append((inner, (item, name)))
                for part in getattr(item, "handlers", ()):
                    stack.append((part.body, (item, "handler")))
                for part in getattr(item, "cases", ()):
                    stack.append((part.body, (item, "case")))
        return blocks, owners

    return node_memo(tree, "statement_tables", build)


# Builtins, and methods, that take every item of the iterable they are given before they
# return: a generator handed to one is run through where it stands.
_TAKE_ALL = frozenset(
    {"list", "tuple", "set", "frozenset", "sorted", "sum", "min", "max", "any", "all", "dict"}
)
_TAKE_ALL_METHODS = frozenset({"join", "extend", "update"})
# What `taken_at_once` answers: every item taken there; the value of a `yield from`, taken as
# the generator around it is; the coroutine handed to `asyncio.create_task`, run beside the run.
TAKEN = "taken"
DELEGATED = "delegated"
BACKGROUND = "background"
_STARTS_TASKS = frozenset({"create_task", "ensure_future"})


def taken_at_once(tree: ast.Module) -> dict[int, str]:
    """The expressions of a module whose items are all taken where they stand, by id (once
    per module): the argument of `list(...)`, `sorted(...)`, `"".join(...)`, the iterable of
    a list comprehension, (`DELEGATED`) the value of each `yield from`, and (`BACKGROUND`)
    the coroutine handed to `asyncio.create_task`. A generator made
    anywhere else (assigned, passed to `next` or `zip`, returned) runs a piece at a time,
    between what its consumer does (`later_serves.py`)."""

    def build() -> dict[int, str]:
        found: dict[int, str] = {}
        for node in ast.walk(tree):  # breadth first: an outer expression before its parts
            if isinstance(node, ast.Call) and node.args:
                if _callee_in(node.func, _TAKE_ALL, _TAKE_ALL_METHODS):
                    found[id(node.args[0])] = TAKEN
                elif _callee_in(node.func, _STARTS_TASKS, _STARTS_TASKS):
                    found[id(node.args[0])] = BACKGROUND
            elif isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp) or (
                isinstance(node, ast.GeneratorExp) and id(node) in found
            ):
                for clause in node.generators:
                    found[id(clause.iter)] = TAKEN
            elif isinstance(node, ast.YieldFrom):
                found[id(node.value)] = DELEGATED
        return found

    return node_memo(tree, "taken_at_once", build)


def _callee_in(func: ast.expr, names: frozenset[str], methods: frozenset[str]) -> bool:
    """A call of a function named in `names` (`list(...)`) or of a method in `methods`."""
    if isinstance(func, ast.Name):
        return func.id in names
    return isinstance(func, ast.Attribute) and func.attr in methods


def code_words(node: ast.AST | list[ast.stmt]) -> str:
    """The names and string literals of a node's code (or a block's), one per line: what its
    source says with comments and docstrings left out. A comment or a docstring that names
    `load_lora_adapter` builds and serves nothing, and reading it as code sent whole analyses
    after it."""
    if isinstance(node, list):
        return "\n".join(code_words(statement) for statement in node)
    return node_memo(node, "code_words", lambda: "\n".join(_words(node)))


_DOCUMENTED = (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)


def _words(root: ast.AST) -> Iterator[str]:
    docstrings: set[int] = set()
    for node in ast.walk(root):
        if isinstance(node, _DOCUMENTED) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                docstrings.add(id(first.value))
        if isinstance(node, ast.Name):
            yield node.id
        elif isinstance(node, ast.Attribute):
            yield node.attr
        elif isinstance(node, ast.keyword | ast.arg):
            if node.arg:
                yield node.arg
        elif isinstance(node, _DOCUMENTED[1:]):
            yield node.name
        elif isinstance(node, ast.alias):
            yield node.name
            if node.asname:
                yield node.asname
        elif isinstance(node, ast.JoinedStr):
            yield template_text(node)  # its pieces follow as constants of their own
        elif isinstance(node, ast.Constant) and id(node) not in docstrings:
            if isinstance(node.value, str):
                yield node.value
            elif isinstance(node.value, bytes):
                yield node.value.decode("latin-1")


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

    def names(self) -> Iterator[str]:
        yield from (parameter.name for parameter in (*self.positional, *self.keyword_only))
        yield from (name for name in (self.star, self.star_star) if name is not None)

    def with_defaults(self) -> Iterator[Parameter]:
        for parameter in (*self.positional, *self.keyword_only):
            if parameter.default is not None:
                yield parameter


def parameters(node: Definition) -> Parameters:
    """The parameters of a `def` or `lambda`, read once per node."""
    return node_memo(node.args, "parameters", lambda: _parameters(node.args))


def _parameters(args: ast.arguments) -> Parameters:
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


_MUTATORS = frozenset(
    {"append", "extend", "insert", "update", "add", "setdefault", "pop", "popitem", "clear",
     "remove", "discard"}
)  # fmt: skip


def state_reads(node: Function, receiver: str | None) -> Iterator[str]:
    """What a function reads of the state it shares with its callers' other calls: the
    attributes of its instance (`receiver`, its first parameter), or (None) the module's names."""
    for current in ast.walk(node):
        if isinstance(current, ast.Attribute) and isinstance(current.ctx, ast.Load):
            if receiver is not None and _named(current.value, receiver):
                yield current.attr
        elif receiver is None and isinstance(current, ast.Name) and _loads(current):
            yield current.id


def receiver(node: Function, owner: str) -> str | None:
    """The name a method's instance goes by (its first parameter); None for a module function
    (`owner` "": its state is the module's names), a static method, or a method with no
    parameter (then nothing it writes is read back as an attribute)."""
    if not owner:
        return None
    if any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list):
        return None
    positional = parameters(node).positional
    return positional[0].name if positional else None


def watches_for_change(node: Function, receiver: str) -> bool:
    """Whether a method keeps what it saw on its instance and compares the next call's value
    with it (`if step != self.last_step: ...; self.last_step = step`): its own code expects
    what it reads to change between calls."""

    def compute() -> bool:
        kept = {
            target.attr
            for item in ast.walk(node)
            if isinstance(item, ast.Assign | ast.AnnAssign)
            for target in (item.targets if isinstance(item, ast.Assign) else [item.target])
            if isinstance(target, ast.Attribute) and _named(target.value, receiver)
        }
        return any(
            isinstance(side, ast.Attribute) and _named(side.value, receiver) and side.attr in kept
            for item in ast.walk(node)
            if isinstance(item, ast.Compare)
            and all(isinstance(op, ast.Eq | ast.NotEq | ast.Is | ast.IsNot) for op in item.ops)
            for side in (item.left, *item.comparators)
        )

    return node_memo(node, f"watches:{receiver}", compute)


def state_writes(node: Function, receiver: str | None) -> Iterator[str]:
    """What a function changes of that state: `self.x = ...`, `self.x[k] = ...`,
    `self.x.append(...)`; for a module, a `global` it assigns or a module object it fills
    (`STATE["path"] = ...`, `LOADED.add(name)`)."""
    declared = {
        name for item in ast.walk(node) if isinstance(item, ast.Global) for name in item.names
    }
    local = (
        set(parameters(node).names())
        | {
            item.id
            for item in ast.walk(node)
            if isinstance(item, ast.Name) and isinstance(item.ctx, ast.Store)
        }
        - declared
    )
    for current in ast.walk(node):
        if isinstance(current, ast.Call) and isinstance(current.func, ast.Attribute):
            if current.func.attr in _MUTATORS:
                found = _holder(current.func.value, receiver, local)
                if found is not None:
                    yield found
            continue
        if not isinstance(getattr(current, "ctx", None), ast.Store | ast.Del):
            continue
        if isinstance(current, ast.Name) and receiver is None and current.id in declared:
            yield current.id
        elif isinstance(current, ast.Attribute | ast.Subscript):
            found = _holder(
                current if isinstance(current, ast.Attribute) else current.value, receiver, local
            )
            if found is not None:
                yield found


def _holder(target: ast.expr, receiver: str | None, local: set[str]) -> str | None:
    """The piece of shared state `target` (or an item or attribute of it) is part of."""
    if receiver is not None:
        while isinstance(target, ast.Subscript):
            target = target.value
        if isinstance(target, ast.Attribute) and _named(target.value, receiver):
            return target.attr
        if isinstance(target, ast.Attribute):
            return _holder(target.value, receiver, local)
        return None
    while isinstance(target, ast.Subscript | ast.Attribute):
        target = target.value
    if isinstance(target, ast.Name) and target.id not in local:
        return target.id
    return None


def _loads(node: ast.Name) -> bool:
    return isinstance(node.ctx, ast.Load)


def _named(node: ast.expr, name: str) -> bool:
    return isinstance(node, ast.Name) and node.id == name
