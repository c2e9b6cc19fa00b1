"""Turn untrusted bytes into a libcst module with positions, or a one-line reason why not.

libcst's native parser overflows the C stack (the process dies) on a few thousand nested
brackets or a long `and` chain, and its time grows faster than the file (a 1 MB dict literal
takes it 45 s, which no soft time limit can interrupt), so the source is first checked with
CPython's own parser: nesting depth and node count are bounded before libcst sees it. The text
is decoded as Python would (`encoding.py`). Nothing is ever imported or executed.
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from analyzers.files.encoding import EncodingProblem, decode_source

if TYPE_CHECKING:  # libcst is imported only when a file is really parsed (it is slow to import)
    import libcst as cst
    from libcst.metadata import CodeRange

PARSE_LIMIT = 2 * 1024 * 1024
# Deeper code is refused; real drivers stay well below it, and libcst and the interpreter
# recurse once (or a few times) per level, far under Python's default recursion limit.
DEPTH_LIMIT = 100
# More syntax nodes are refused: libcst spends about 18 s on 50,000 (a 10,000-line module) and
# grows faster than linearly; the limit keeps one file's parse well inside a task's time limit.
NODE_LIMIT = 100_000

_PARSES = [0]


def parse_count() -> int:
    """How many files were handed to libcst so far in this process (the cache test reads it)."""
    return _PARSES[0]


def add_parses(count: int) -> None:
    """Count parses a worker process did for this one (a parallel audit), so that the
    count means "files this audit parsed" whichever process parsed them."""
    _PARSES[0] += count


@dataclass(frozen=True)
class Loc:
    """A place in the analysed code: posix path, 1-based line and column, and its text.

    The text is produced only when a message asks for it (`code`): printing code is costly.
    """

    path: str
    line: int
    column: int = 1
    text: Callable[[], str] | None = field(default=None, compare=False, repr=False)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"

    @property
    def code(self) -> str:
        return self.text() if self.text is not None else ""


class ParseFailure(Exception):
    """A file that cannot be analysed; `why` is one line for a reviewer."""

    def __init__(self, why: str, line: int = 1) -> None:
        super().__init__(why)
        self.why = why
        self.line = line


@dataclass(frozen=True)
class SourceFile:
    """A parsed file: its path, text, tree, and the position of every node."""

    path: str
    text: str
    module: cst.Module
    positions: Mapping[cst.CSTNode, CodeRange]
    locs: dict[cst.CSTNode, Loc] = field(default_factory=dict, compare=False, repr=False)

    def loc(self, node: cst.CSTNode) -> Loc:
        """Where a node is, its text computed once and only when asked for."""
        found = self.locs.get(node)
        if found is None:
            found = Loc(self.path, self.line_of(node), self.column_of(node), _Text(self, node))
            self.locs[node] = found
        return found

    def line_of(self, node: cst.CSTNode) -> int:
        where = self.positions.get(node)
        return where.start.line if where is not None else 1

    def column_of(self, node: cst.CSTNode) -> int:
        """1-based, as editors and SARIF count."""
        where = self.positions.get(node)
        return where.start.column + 1 if where is not None else 1

    def code(self, node: cst.CSTNode, limit: int = 80) -> str:
        """The node's source text on one line, shortened for messages."""
        try:
            text = self.module.code_for_node(node)
        except RecursionError:
            return "<expression>"
        text = " ".join(text.split())
        return text if len(text) <= limit else text[: limit - 1] + "…"


class _Text:
    """The source text of one node, rendered on first use."""

    def __init__(self, source: SourceFile, node: cst.CSTNode) -> None:
        self.source = source
        self.node: cst.CSTNode | None = node
        self.value = ""

    def __call__(self) -> str:
        if self.node is not None:
            self.value = self.source.code(self.node)
            self.node = None
        return self.value


_LITERALS: dict[int, tuple[cst.SimpleString, object]] = {}
_LITERALS_LIMIT = 500_000


def string_literal(node: cst.SimpleString) -> object:
    """The value of a string literal, evaluated once per node (libcst compiles it each time).

    Raises what `evaluated_value` raises for a literal Python would refuse.
    """
    known = _LITERALS.get(id(node))
    if known is not None and known[0] is node:
        return known[1]
    value = node.evaluated_value
    if len(_LITERALS) >= _LITERALS_LIMIT:
        _LITERALS.clear()
    _LITERALS[id(node)] = (node, value)  # the node is kept so its id is not reused
    return value


def decode(data: bytes) -> str:
    """The text as Python would decode it (PEP 263); ParseFailure when Python would refuse."""
    try:
        return decode_source(data)
    except EncodingProblem as problem:
        raise ParseFailure(problem.why, problem.line) from None


def _shape(tree: ast.AST) -> tuple[int, int]:
    """(deepest level, node count); each extra operand of `a and b and c` is a level (libcst
    nests them). Stops counting past `NODE_LIMIT`: the file is refused then anyway."""
    deepest = 0
    count = 0
    stack: list[tuple[ast.AST, int]] = [(tree, 1)]
    while stack and count <= NODE_LIMIT:
        node, depth = stack.pop()
        count += 1
        if isinstance(node, ast.BoolOp):
            depth += len(node.values) - 2
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest, count


def _check_shape(text: str, path: str) -> None:
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as exc:
        message = exc.msg or "invalid syntax"
        if "too many nested" in message:
            raise ParseFailure(
                f"nesting too deep to analyse ({message})", exc.lineno or 1
            ) from None
        raise ParseFailure(
            f"syntax error at line {exc.lineno}: {message}", exc.lineno or 1
        ) from None
    except (RecursionError, MemoryError):
        raise ParseFailure("nesting too deep to analyse (the Python parser gave up)") from None
    except ValueError as exc:  # e.g. NUL bytes
        raise ParseFailure(f"not Python source: {exc}") from None
    depth, count = _shape(tree)
    if depth > DEPTH_LIMIT:
        raise ParseFailure(f"nesting {depth} levels deep, over the limit of {DEPTH_LIMIT}")
    if count > NODE_LIMIT:
        raise ParseFailure(
            f"more than {NODE_LIMIT:,} syntax nodes, over the limit the parser can take in "
            f"bounded time"
        )


def parse_source(path: str, data: bytes) -> SourceFile:
    """Decode, check, parse and position one file; raises ParseFailure with the reason."""
    if len(data) > PARSE_LIMIT:
        raise ParseFailure(
            f"{len(data) / 1e6:.1f} MB is over the {PARSE_LIMIT // (1024 * 1024)} MB parse limit"
        )
    text = decode(data)
    _check_shape(text, path)
    _PARSES[0] += 1
    import libcst as cst

    try:
        module = cst.parse_module(text)
    except cst.ParserSyntaxError as exc:
        raise ParseFailure(
            f"syntax error at line {exc.raw_line}: {exc.message}", exc.raw_line
        ) from None
    except RecursionError:
        raise ParseFailure("nesting too deep to analyse") from None
    return SourceFile(path=path, text=text, module=module, positions=LazyPositions(module))


class LazyPositions(Mapping["cst.CSTNode", "CodeRange"]):
    """Every node's position, worked out on the first question (then kept).

    Resolving positions costs libcst 2-4x the parse itself, and most modules of an import
    closure are parsed for a few names and never asked where anything is.
    """

    def __init__(self, module: cst.Module) -> None:
        self._module: cst.Module | None = module
        self._table: dict[cst.CSTNode, CodeRange] = {}

    def _resolved(self) -> dict[cst.CSTNode, CodeRange]:
        if self._module is not None:
            from libcst.metadata import MetadataWrapper, PositionProvider

            module, self._module = self._module, None
            try:
                wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
                self._table = dict(wrapper.resolve(PositionProvider))
            except RecursionError:  # bounded by DEPTH_LIMIT; then every node reads as line 1
                self._table = {}
        return self._table

    def __getitem__(self, node: cst.CSTNode) -> CodeRange:
        return self._resolved()[node]

    def get(self, node: cst.CSTNode, default: CodeRange | None = None) -> CodeRange | None:  # type: ignore[override]
        return self._resolved().get(node, default)

    def __iter__(self) -> Iterator[cst.CSTNode]:
        return iter(self._resolved())

    def __len__(self) -> int:
        return len(self._resolved())
