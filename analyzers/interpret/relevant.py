"""What of a helper module an analysis depended on, as one digest.

A driver's analysis runs the top level of every module it imports, and the bodies of the
functions it calls or reads (to see whether they build requests, which attributes they set).
Nothing else of those modules can change its result: so a cached analysis still holds for a
new version of a module whose top level and touched functions are the same text on the same
lines, and whose top-level import bindings are the same. In a repository's history most
commits change functions the vLLM drivers never call; they no longer force a fresh analysis.

The digest is the module's text with the body of every untouched function blanked line for
line (what follows keeps its line numbers, which the results cite), plus the names the module
binds only by its imports (`imports.import_only_names`, read over the whole tree).
"""

from __future__ import annotations

import ast
import hashlib
from collections.abc import Collection, Iterator

from analyzers.files.parsing import SourceFile
from analyzers.files.program import ModuleLoader
from analyzers.interpret.imports import import_only_names
from analyzers.interpret.syntax import node_memo

_DEFINITIONS = (ast.FunctionDef, ast.AsyncFunctionDef)


def def_key(source: SourceFile, node: ast.AST) -> str | None:
    """A function's name in its module, stable across versions: its enclosing classes and
    functions and its own name (`Actor.generate`), numbered when a name is defined twice."""
    return _keys(source).get(id(node))


def _keys(source: SourceFile) -> dict[int, str]:
    def read() -> dict[int, str]:
        found: dict[int, str] = {}
        seen: dict[str, int] = {}
        for node, path in _definitions(source.tree.body, ()):
            name = ".".join(path)
            seen[name] = seen.get(name, 0) + 1
            found[id(node)] = name if seen[name] == 1 else f"{name}#{seen[name]}"
        return found

    return node_memo(source.tree, "def_keys", read)


def _definitions(
    body: list[ast.stmt], path: tuple[str, ...]
) -> Iterator[tuple[ast.AST, tuple[str, ...]]]:
    """Every function of a block, outermost first and in source order, with its path."""
    for node in body:
        if isinstance(node, _DEFINITIONS):
            inner = (*path, node.name)
            yield node, inner
            yield from _definitions(node.body, inner)
        elif isinstance(node, ast.ClassDef):
            yield from _definitions(node.body, (*path, node.name))
        else:
            for block in _blocks(node):
                yield from _definitions(block, path)


def _blocks(node: ast.stmt) -> Iterator[list[ast.stmt]]:
    for name in ("body", "orelse", "finalbody"):
        block = getattr(node, name, None)
        if isinstance(block, list):
            yield block
    for part in (*getattr(node, "handlers", ()), *getattr(node, "cases", ())):
        yield part.body


def digest(source: SourceFile, touched: Collection[str]) -> str:
    """The module as far as an analysis that touched these functions could see it."""
    keys = _keys(source)
    lines = list(source.lines)
    for node, _ in _definitions(source.tree.body, ()):
        assert isinstance(node, _DEFINITIONS)
        if keys.get(id(node)) in touched or _inside_blanked(node, lines):
            continue
        first = node.body[0].lineno
        if first <= _signature_end(node):
            continue  # `def f(): return 1`: the body shares the definition's line
        for line in range(first, (node.end_lineno or first) + 1):
            lines[line - 1] = ""
    text = "\n".join(lines)
    names = ",".join(sorted(import_only_names(source)))
    return hashlib.sha256(f"{text}\0{names}".encode()).hexdigest()


def _signature_end(node: ast.FunctionDef | ast.AsyncFunctionDef) -> int:
    """The last line of `def name(...) -> ...:` (before the body's first line)."""
    ends = [node.lineno]
    for part in (node.args, node.returns):
        for item in ast.walk(part) if part is not None else ():
            end = getattr(item, "end_lineno", None)
            if end is not None:
                ends.append(end)
    return max(ends)


def _inside_blanked(node: ast.AST, lines: list[str]) -> bool:
    """A function nested in one already blanked (its lines are gone with the outer body)."""
    line = getattr(node, "lineno", 0)
    return 0 < line <= len(lines) and lines[line - 1] == ""


def touch(loader: ModuleLoader, source: SourceFile, node: ast.AST) -> None:
    """Record that the analysis ran or read a function's body (a call, a look at its text)."""
    key = def_key(source, node)
    if key is not None:
        loader.touch(source.path, key)
