"""Turn untrusted bytes into a libcst module with positions, or a one-line reason why not.

libcst's native parser overflows the C stack (the process dies) on a few thousand nested
brackets or a long `and` chain, so the source is first checked with CPython's own parser and a
non-recursive depth count. Nothing is ever imported or executed.
"""

from __future__ import annotations

import ast
import codecs
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # libcst is imported only when a file is really parsed (it is slow to import)
    import libcst as cst
    from libcst.metadata import CodeRange

PARSE_LIMIT = 2 * 1024 * 1024
# Deeper code is refused; real drivers stay well below it, and libcst and the interpreter
# recurse once (or a few times) per level, far under Python's default recursion limit.
DEPTH_LIMIT = 100
_CODING = re.compile(rb"^[ \t\f]*#.*?coding[:=][ \t]*([-\w.]+)")

_PARSES = [0]


def parse_count() -> int:
    """How many files were handed to libcst so far in this process (the cache test reads it)."""
    return _PARSES[0]


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


def decode(data: bytes) -> str:
    """UTF-8 (or a PEP 263 coding cookie on line 1 or 2), strictly; ParseFailure otherwise."""
    encoding = "utf-8"
    for first_lines in data.split(b"\n", 2)[:2]:
        match = _CODING.match(first_lines)
        if match is not None:
            encoding = match.group(1).decode("ascii", "replace")
            break
    try:
        codecs.lookup(encoding)
    except LookupError:
        raise ParseFailure(f"unknown source encoding {encoding!r}") from None
    try:
        return data.decode(encoding).removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise ParseFailure(f"not valid {encoding} (byte {exc.start}, line {line})", line) from None


def _nesting_depth(tree: ast.AST) -> int:
    """The deepest node; each extra operand of `a and b and c` is a level (libcst nests them)."""
    deepest = 0
    stack: list[tuple[ast.AST, int]] = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, ast.BoolOp):
            depth += len(node.values) - 2
        deepest = max(deepest, depth)
        stack.extend((child, depth + 1) for child in ast.iter_child_nodes(node))
    return deepest


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
    depth = _nesting_depth(tree)
    if depth > DEPTH_LIMIT:
        raise ParseFailure(f"nesting {depth} levels deep, over the limit of {DEPTH_LIMIT}")


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
    from libcst.metadata import MetadataWrapper, PositionProvider

    try:
        module = cst.parse_module(text)
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        positions = dict(wrapper.resolve(PositionProvider))
    except cst.ParserSyntaxError as exc:
        raise ParseFailure(
            f"syntax error at line {exc.raw_line}: {exc.message}", exc.raw_line
        ) from None
    except RecursionError:
        raise ParseFailure("nesting too deep to analyse") from None
    return SourceFile(path=path, text=text, module=module, positions=positions)
