"""Request sites read from a file's syntax: the places that oblige the report to give it a row.

A site is a `LoRARequest` construction (or of a repository's own request class: a subclass, a
vendored copy), `lora_request=` handed to a call, `add_lora`/`remove_lora`, or a string that
names the server's load route in a client call. They are found with `ast`, without the
interpreter: whether a run reached a site is the interpreter's business, that the site exists
is not, so a file the runs never got into still gets its row.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum

from analyzers.files.parsing import source_lines
from analyzers.vllm import api


class SiteKind(StrEnum):
    REQUEST = "request"  # LoRARequest(...) or a repository request class
    SERVE = "serve"  # lora_request= at a call
    LOAD = "load"  # add_lora(...)
    REMOVE = "remove"  # remove_lora(...)
    ROUTE = "route"  # a client call naming /v1/load_lora_adapter
    GENERATED = "generated"  # one of the above inside a string of source code (exec, a rewrite)


@dataclass(frozen=True)
class RequestSite:
    """One site: where, what kind, the code as a reviewer would grep it, and its function."""

    line: int
    column: int
    kind: SiteKind
    what: str  # "LoRARequest(...)", "lora_request=", "add_lora(...)", ...
    scope: str  # the enclosing function or method ("Sync.update"), "" at module level
    foreign: bool = False  # a request class the repository does not define (another package's)

    def where(self, path: str) -> str:
        inside = f" in {self.scope}()" if self.scope else ""
        return f"{self.what} at {path}:{self.line}{inside}"


_LOAD = frozenset(m.name for m in api.ENGINE_METHODS if m.effect is api.Effect.LOAD)
_REMOVE = frozenset(m.name for m in api.ENGINE_METHODS if m.effect is api.Effect.REMOVE)
_ROUTE_WORDS = tuple(f"/{route.word}" for route in api.ROUTES if route.effect is api.Effect.LOAD)
_ROUTE_STARTS = tuple(route.word for route in api.ROUTES if route.effect is api.Effect.LOAD)
# Source code held in a string: a request built or handed over there.
_CODE_IN_TEXT = re.compile(
    "|".join(
        [
            *(rf"\b{re.escape(name)}\s*\(" for name in sorted(api.REQUEST_CLASS_NAMES)),
            rf"\b{api.REQUEST_KEYWORD}\s*=(?!=)",
            *(rf"\.{re.escape(name)}\s*\(" for name in sorted(_LOAD)),
        ]
    )
)
# Class-level fields that make a class of the repository a request class of its own (vendored).
_VENDORED_FIELDS = frozenset({api.FIELDS["lora_int_id"].name})
# A class another package defines on top of vLLM's (`TensorLoRARequest` imported from a
# framework): the repository holds no definition to follow, but its name says what it builds.
_REQUEST_SUFFIX = "LoRARequest"


def name_tail(node: ast.expr) -> str:
    """The last name of a callee or a base as written (`LoRARequest` of `request.LoRARequest`)."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.Subscript):  # Generic[...] bases
        return name_tail(node.value)
    return ""


@dataclass(frozen=True)
class ClassFact:
    """What one class definition says about request classes: its name, the last name of each
    base, and whether it declares `lora_int_id` as a field (a vendored copy)."""

    name: str
    bases: tuple[str, ...]
    vendored: bool


def class_facts(tree: ast.Module) -> tuple[ClassFact, ...]:
    """The class definitions of one file, read once per file version (a history asks again)."""
    return tuple(
        ClassFact(
            node.name,
            tuple(name_tail(base) for base in node.bases),
            any(
                isinstance(item, ast.AnnAssign)
                and isinstance(item.target, ast.Name)
                and item.target.id in _VENDORED_FIELDS
                for item in node.body
            ),
        )
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
    )


def request_classes(facts: Iterable[ClassFact], known: Iterable[str] = ()) -> frozenset[str]:
    """The request class names of a repository: vLLM's, subclasses of any of them (to a fixed
    point, across files), and vendored classes that declare `lora_int_id` as a field."""
    names = set(api.REQUEST_CLASS_NAMES) | set(known)
    classes = list(facts)
    changed = True
    while changed:
        changed = False
        for fact in classes:
            if fact.name in names:
                continue
            if fact.vendored or any(base in names for base in fact.bases):
                names.add(fact.name)
                changed = True
    return frozenset(names)


def template_text(node: ast.JoinedStr) -> str:
    """An f-string's text with each hole written `{}` (`f"{url}/v1/{op}"` -> `{}/v1/{}`)."""
    return "".join(
        part.value if isinstance(part, ast.Constant) and isinstance(part.value, str) else "{}"
        for part in node.values
    )


def _names_route(text: str) -> bool:
    return any(
        word in text or text.startswith(start)
        for word, start in zip(_ROUTE_WORDS, _ROUTE_STARTS, strict=True)
    )


class _Finder(ast.NodeVisitor):
    def __init__(self, classes: frozenset[str]) -> None:
        self.classes = classes
        self.scope: list[str] = []
        self.found: list[RequestSite] = []
        # The classes being read, innermost last, each with whether it subclasses a request
        # class (its `cls(...)` builds a request).
        self.owners: list[tuple[str, bool]] = []

    def _add(self, node: ast.AST, kind: SiteKind, what: str, *, foreign: bool = False) -> None:
        line, column = getattr(node, "lineno", 1), getattr(node, "col_offset", 0) + 1
        self.found.append(RequestSite(line, column, kind, what, ".".join(self.scope), foreign))

    def _nested(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> None:
        # Decorators define routes (`@app.post("/v1/load_lora_adapter")`), they call nothing.
        for decorator in node.decorator_list:
            if isinstance(decorator, ast.Call):
                for argument in decorator.args:
                    if not isinstance(argument, ast.Constant):
                        self.visit(argument)
        if not isinstance(node, ast.ClassDef):
            for default in [*node.args.defaults, *node.args.kw_defaults]:
                if default is not None:
                    self.visit(default)
        else:
            for base in node.bases:
                self.visit(base)
        self.scope.append(node.name)
        if isinstance(node, ast.ClassDef):
            bases = {name_tail(base) for base in node.bases}
            self.owners.append((node.name, bool(bases & self.classes)))
        for statement in node.body:
            self.visit(statement)
        if isinstance(node, ast.ClassDef):
            self.owners.pop()
        self.scope.pop()

    visit_FunctionDef = _nested
    visit_AsyncFunctionDef = _nested
    visit_ClassDef = _nested

    def visit_Call(self, node: ast.Call) -> None:
        name = name_tail(node.func)
        if self.owners and self.owners[-1][1] and _builds_own_class(node.func):
            # `cls(...)` in a classmethod of a subclass of a request class (`for_checkpoint()`),
            # or `type(self)(...)`: a construction of that subclass.
            self._add(node, SiteKind.REQUEST, f"{self.owners[-1][0]}(...)")
        elif name in self.classes or name.endswith(_REQUEST_SUFFIX):
            foreign = name not in self.classes
            self._add(node, SiteKind.REQUEST, f"{name}(...)", foreign=foreign)
        elif isinstance(node.func, ast.Attribute) and name in _LOAD:
            self._add(node, SiteKind.LOAD, f"{name}(...)")
        elif isinstance(node.func, ast.Attribute) and name in _REMOVE:
            self._add(node, SiteKind.REMOVE, f"{name}(...)")
        for keyword in node.keywords:
            if keyword.arg == api.REQUEST_KEYWORD and not (
                isinstance(keyword.value, ast.Constant) and keyword.value.value is None
            ):
                self._add(keyword.value, SiteKind.SERVE, f"{name or 'a call'}(lora_request=...)")
        self.generic_visit(node)

    def visit_Expr(self, node: ast.Expr) -> None:
        if not (isinstance(node.value, ast.Constant) and isinstance(node.value.value, str)):
            self.visit(node.value)  # a docstring names no route a client calls

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        before = len(self.found)
        self.generic_visit(node)
        if len(self.found) == before and api.ROUTE_TEMPLATE.search(template_text(node)):
            self._add(node, SiteKind.ROUTE, f"the URL .../{_ROUTE_STARTS[0]}")

    def visit_Constant(self, node: ast.Constant) -> None:
        if isinstance(node.value, str) and (
            _names_route(node.value) or api.ROUTE_TEMPLATE.search(node.value)
        ):
            self._add(node, SiteKind.ROUTE, f"the URL .../{_ROUTE_STARTS[0]}")
        elif isinstance(node.value, str) and _CODE_IN_TEXT.search(node.value):
            self._add(node, SiteKind.GENERATED, "source code in a string")


def _builds_own_class(func: ast.expr) -> bool:
    """`cls(...)`, `type(self)(...)` or `self.__class__(...)`."""
    if isinstance(func, ast.Name):
        return func.id == "cls"
    if isinstance(func, ast.Call):
        return isinstance(func.func, ast.Name) and func.func.id == "type" and len(func.args) == 1
    return isinstance(func, ast.Attribute) and func.attr == "__class__"


def find_sites(tree: ast.Module, classes: frozenset[str], text: str = "") -> list[RequestSite]:
    """Every request site of one parsed file, in source order (one per line and kind); with
    the file's `text`, columns count characters (`ast` counts UTF-8 bytes)."""
    finder = _Finder(classes)
    finder.visit(tree)
    seen: set[tuple[int, SiteKind]] = set()
    out: list[RequestSite] = []
    lines = source_lines(text) if text and not text.isascii() else []
    for site in sorted(finder.found, key=lambda s: (s.line, s.column)):
        if (site.line, site.kind) not in seen:
            seen.add((site.line, site.kind))
            shown = site
            if 0 < site.line <= len(lines) and not lines[site.line - 1].isascii():
                before = lines[site.line - 1].encode()[: site.column - 1]
                shown = replace(site, column=len(before.decode("utf-8", "replace")) + 1)
            out.append(shown)
    return out


def site_needles(classes: Iterable[str]) -> Iterator[bytes]:
    """Byte needles that make a file a candidate for holding a site of these classes."""
    for name in sorted(classes):
        yield name.encode()
