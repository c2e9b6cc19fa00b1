"""Turn untrusted bytes into a syntax tree with positions, or a one-line reason why not.

The analysis reads CPython's own `ast`: it parses in C, several times faster than libcst, and
every node carries its line and column, where libcst has to print the whole module again to
work positions out. libcst stays for what needs a concrete tree, rewriting code
(`concrete.py`, used by `lora-audit fix`). Nesting depth and node count are bounded before
anything walks the tree (the interpreter and libcst recurse once or more per level). The text
is decoded as Python would (`encoding.py`). Nothing is ever imported or executed.
"""

from __future__ import annotations

import ast
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from analyzers.files.encoding import EncodingProblem, decode_source
from analyzers.files.mangling import mangle_private_names

PARSE_LIMIT = 2 * 1024 * 1024
# Deeper code is refused; real drivers stay well below it, and the interpreter and libcst
# recurse once (or a few times) per level, far under Python's default recursion limit.
DEPTH_LIMIT = 100
# More syntax nodes are refused: libcst (for `lora-audit fix`) spends about 18 s on 50,000 (a
# 10,000-line module) and grows faster than linearly, and an interpreted run over such a table
# learns nothing; the limit keeps one file's work well inside a task's time limit.
NODE_LIMIT = 100_000

_PARSES = [0]
# Python's own line ends (form feeds and other Unicode breaks do not end a line for it).
_LINE_END = re.compile(r"\r\n|\r|\n")


def parse_count() -> int:
    """How many files were parsed so far in this process (the cache test reads it)."""
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


Span = ast.AST | Sequence[ast.AST]


@dataclass(frozen=True, eq=False)
class SourceFile:
    """A parsed file: its path, text and tree; where each node is, read off the node."""

    path: str
    text: str
    tree: ast.Module
    locs: dict[int, tuple[ast.AST, Loc]] = field(default_factory=dict, repr=False)

    @cached_property
    def lines(self) -> list[str]:
        """The text's lines as Python counts them (`lines[0]` is line 1), without their ends."""
        return source_lines(self.text)

    def loc(self, node: ast.AST) -> Loc:
        """Where a node is, its text computed once and only when asked for."""
        found = self.locs.get(id(node))
        if found is None:
            line, column = self.start(node)
            found = (node, Loc(self.path, line, column, _Text(self, node)))
            self.locs[id(node)] = found  # the node is kept so that its id is not reused
        return found[1]

    def start(self, node: ast.AST) -> tuple[int, int]:
        """(line, column), 1-based; the column counts characters, as editors and SARIF do."""
        node = _positioned(node)
        line = getattr(node, "lineno", None)
        if line is None:
            return 1, 1
        return line, self._characters(line, getattr(node, "col_offset", 0)) + 1

    def line_of(self, node: ast.AST) -> int:
        return self.start(node)[0]

    def end_line_of(self, node: ast.AST) -> int:
        node = _positioned(node)
        end = getattr(node, "end_lineno", None)
        return end if end is not None else len(self.lines)

    def code(self, node: ast.AST, limit: int = 80) -> str:
        """The node's source text on one line, shortened for messages."""
        text = " ".join(self.segment(node).split())
        return text if len(text) <= limit else text[: limit - 1] + "…"

    def segment(self, node: ast.AST) -> str:
        """The exact source text of a node (the whole file for the module)."""
        if isinstance(node, ast.Module):
            return self.text
        node = _positioned(node)
        start, end = getattr(node, "lineno", None), getattr(node, "end_lineno", None)
        if start is None or end is None:
            return ""
        begin, finish = getattr(node, "col_offset", 0), getattr(node, "end_col_offset", None)
        first = self._encoded(start)
        if start == end:
            return first[begin:finish].decode("utf-8", "replace")
        parts = [first[begin:].decode("utf-8", "replace")]
        parts += self.lines[start : end - 1]
        parts.append(self._encoded(end)[:finish].decode("utf-8", "replace"))
        return "\n".join(parts)

    def block_text(self, span: Span) -> str:
        """Whole lines of a definition or block, its decorators and the comment lines just
        above it included: what a search for words in the code (not in a value) should see."""
        nodes = [span] if isinstance(span, ast.AST) else list(span)
        if not nodes:
            return ""
        first = _positioned(nodes[0])
        start = getattr(first, "lineno", None)
        if start is None:
            return self.text
        decorators = getattr(first, "decorator_list", None)
        if decorators:
            start = min(start, decorators[0].lineno)
        while start > 1 and self.lines[start - 2].lstrip().startswith("#"):
            start -= 1
        end = max(self.end_line_of(node) for node in nodes)
        return "\n".join(self.lines[start - 1 : end])

    def _encoded(self, line: int) -> bytes:
        return self.lines[line - 1].encode("utf-8") if 0 < line <= len(self.lines) else b""

    def _characters(self, line: int, offset: int) -> int:
        """A UTF-8 byte offset into a line (what `ast` gives) as a count of characters."""
        if 0 < line <= len(self.lines):
            text = self.lines[line - 1]
            if not text.isascii():
                return len(text.encode("utf-8")[:offset].decode("utf-8", "replace"))
        return offset


def source_lines(text: str) -> list[str]:
    """A text's lines as Python counts them (form feeds and other Unicode breaks do not end a
    line for it), without their ends."""
    return _LINE_END.split(text)


def _positioned(node: ast.AST) -> ast.AST:
    """The node whose position stands for `node` (a few kinds of `ast` node carry none)."""
    if isinstance(node, ast.withitem):
        return node.context_expr
    if isinstance(node, ast.match_case):
        return node.pattern
    if isinstance(node, ast.comprehension):
        return node.target
    return node


class _Text:
    """The source text of one node, rendered on first use."""

    def __init__(self, source: SourceFile, node: ast.AST) -> None:
        self.source = source
        self.node: ast.AST | None = node
        self.value = ""

    def __call__(self) -> str:
        if self.node is not None:
            self.value = self.source.code(self.node)
            self.node = None
        return self.value


def decode(data: bytes) -> str:
    """The text as Python would decode it (PEP 263); ParseFailure when Python would refuse."""
    try:
        return decode_source(data)
    except EncodingProblem as problem:
        raise ParseFailure(problem.why, problem.line) from None


_LOOPS = (ast.For, ast.AsyncFor, ast.While)
_SCOPES = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)


def _shape(tree: ast.AST) -> tuple[int, int]:
    """(deepest level, node count); each extra operand of `a and b and c` is a level (the
    interpreter and libcst nest them). Stops counting past `NODE_LIMIT`: the file is refused
    then anyway. Refuses what CPython's compiler refuses after parsing and the interpreter
    could not run: `continue`/`break` outside a loop, `return` outside a function."""
    deepest = 0
    count = 0
    # (node, depth, inside a loop, inside a function): what `continue` and `return` may leave
    stack: list[tuple[ast.AST, int, bool, bool]] = [(tree, 1, False, False)]
    while stack and count <= NODE_LIMIT:
        node, depth, looping, function = stack.pop()
        count += 1
        if isinstance(node, ast.BoolOp):
            depth += len(node.values) - 2
        elif isinstance(node, ast.Continue | ast.Break) and not looping:
            why = "'continue' not properly in loop" if isinstance(node, ast.Continue) else None
            raise _compile_error(why or "'break' outside loop", node)
        elif isinstance(node, ast.Return) and not function:
            raise _compile_error("'return' outside function", node)
        deepest = max(deepest, depth)
        if isinstance(node, _SCOPES):
            looping, function = False, not isinstance(node, ast.ClassDef)
        if isinstance(node, _LOOPS):
            # The body is the loop's; its `else` and header belong to what is around it.
            stack.extend((child, depth + 1, True, function) for child in node.body)
            around: list[ast.AST] = [*node.orelse]
            around.append(node.test if isinstance(node, ast.While) else node.iter)
            stack.extend((child, depth + 1, looping, function) for child in around)
            if not isinstance(node, ast.While):
                stack.append((node.target, depth + 1, looping, function))
            continue
        stack.extend((child, depth + 1, looping, function) for child in ast.iter_child_nodes(node))
    return deepest, count


def _compile_error(message: str, node: ast.stmt) -> ParseFailure:
    line = getattr(node, "lineno", 1)
    return ParseFailure(f"syntax error at line {line}: {message}", line)


def checked_tree(text: str, path: str) -> ast.Module:
    """CPython's tree of `text`, refused (ParseFailure) when it is not Python or too big or
    too deep to analyse in bounded time and stack."""
    try:
        tree = ast.parse(text, filename=path)
    except SyntaxError as exc:
        message = exc.msg or "invalid syntax"
        if "too many nested" in message:
            raise ParseFailure(
                f"nesting too deep to analyse ({message})", exc.lineno or 1
            ) from None
        if exc.lineno is None:  # a NUL byte: Python 3.11.4+ names no line for it
            raise ParseFailure(f"not Python source: {message}") from None
        if message.startswith(_GRAMMAR_ERRORS) and _newer_python(text):
            running = f"{sys.version_info.major}.{sys.version_info.minor}"
            raise ParseFailure(
                f"line {exc.lineno} uses Python syntax newer than the Python {running} lora-audit "
                f"runs on ({message}); run lora-audit on a newer Python to analyse this file",
                exc.lineno,
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
    return tree


def _newer_python(text: str) -> bool:
    """Whether text this Python cannot parse is Python of a later release (`type Ckpt = ...`,
    f-strings that reuse their quotes): libcst's grammar knows releases the running one does
    not. Asked only of files that failed, so its cost is paid only there."""
    if len(text) > _SECOND_PARSE_LIMIT:
        return False
    import libcst

    try:
        libcst.parse_module(text)
    except Exception:  # any failure of the second parser means "no"
        return False
    return True


_SECOND_PARSE_LIMIT = 512 * 1024  # characters: a larger broken file is not parsed twice
# What CPython says of a grammar it does not know (`type X = ...`, `def f[T]()`, an f-string
# that reuses its quotes); not of what the grammar allows and the compiler refuses (`continue`
# outside a loop), which libcst accepts too.
_GRAMMAR_ERRORS = ("invalid syntax", "expected", "f-string", "unterminated", "unmatched")


def limited_text(path: str, data: bytes) -> str:
    """The decoded text of a file small enough to parse; ParseFailure otherwise."""
    if len(data) > PARSE_LIMIT:
        raise ParseFailure(
            f"{len(data) / 1e6:.1f} MB is over the {PARSE_LIMIT // (1024 * 1024)} MB parse limit"
        )
    return decode(data)


def parse_source(path: str, data: bytes) -> SourceFile:
    """Decode, check and parse one file; raises ParseFailure with the reason."""
    text = limited_text(path, data)
    tree = checked_tree(text, path)
    mangle_private_names(tree)  # `self.__x` in class `A` is `self._A__x`, as compiled
    _PARSES[0] += 1
    return SourceFile(path=path, text=text, tree=tree)


def empty_source(path: str) -> SourceFile:
    """A file with nothing in it (a namespace package's missing `__init__.py`)."""
    return SourceFile(path=path, text="", tree=ast.Module(body=[], type_ignores=[]))
