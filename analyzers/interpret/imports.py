"""`import` statements: same-repository modules are run (once per run); others become names."""

from __future__ import annotations

import ast
import builtins
from collections.abc import Iterator
from typing import TYPE_CHECKING

from analyzers.interpret import stand_ins, versions
from analyzers.interpret.scope import Scope
from analyzers.interpret.syntax import node_memo
from analyzers.interpret.values import Ext, LazyImport, ModV, Value, VersionV, forced

if TYPE_CHECKING:
    from analyzers.files.parsing import SourceFile
    from analyzers.interpret.machine import Machine


def _absolute(module_name: str, relative: int, package: str) -> str:
    if not relative:
        return module_name
    base = package.split(".") if package else []
    if relative > 1:
        base = base[: len(base) - (relative - 1)]
    return ".".join(part for part in [*base, module_name] if part)


class _Pending(LazyImport):
    """An import statement's binding, resolved when first read: `import a.b` binds `a`
    (DOTTED), `import a.b as x` binds the module (MODULE), `from a import b` binds `b`
    (MEMBER). Plain fields, no closure: a run's state is copied often."""

    DOTTED, MODULE, MEMBER = "dotted", "module", "member"

    def __init__(
        self, m: Machine, scope: Scope, bound: str, *, how: str, full: str, name: str
    ) -> None:
        super().__init__(f"{scope.module.name}.{bound}")
        self.m, self.scope, self.how, self.full, self.member = m, scope, how, full, name
        # The modules replaced in `sys.modules` when the statement ran: a stand-in put there
        # later does not change what it imported (`stand_ins.py`).
        self.replaced = dict(m.stand_ins) if m.stand_ins else None

    def resolve(self) -> Value:
        m, now = self.m, self.m.stand_ins
        m.stand_ins = dict(self.replaced or {})
        try:
            return _resolve(m, self.scope, self.how, self.full, self.member)
        finally:
            during, m.stand_ins = m.stand_ins, now
            for name, value in during.items():  # replaced by a module the import ran
                if (self.replaced or {}).get(name) is not value:
                    now[name] = value


def library_name(scope: Scope, name: str) -> str | None:
    """The qualified name of the library object `name` is bound to by an import (`islice` of
    `from itertools import islice`, `itertools`), without resolving an import still pending;
    None when it is bound to anything else."""
    found = scope.lookup(name)
    if isinstance(found, _Pending):
        if found.value is not None:
            found = found.value
        elif found.how == _Pending.MEMBER:
            return f"{found.full}.{found.member}" if found.full else found.member
        else:
            return found.member
    return found.qual if isinstance(found, Ext) else None


def _resolve(m: Machine, scope: Scope, how: str, full: str, name: str) -> Value:
    if how == _Pending.DOTTED:
        return _import_dotted(m, name, scope)
    if how == _Pending.MODULE:
        return _module_value(m, name, scope)
    return _from_import(m, full, name, scope)


def _bind(m: Machine, scope: Scope, bound: str, *, how: str, name: str, full: str = "") -> None:
    """Bind now in the driver itself; lazily inside an imported module (resolved when read)."""
    if m.importing:
        scope.assign(bound, _Pending(m, scope, bound, how=how, full=full, name=name))
    else:
        scope.assign(bound, _resolve(m, scope, how, full, name))


def _import_dotted(m: Machine, name: str, scope: Scope) -> Value:
    top = name.split(".", maxsplit=1)[0]
    value = _module_value(m, top, scope)
    # `import a.b` also runs a.b, reachable as an attribute of a.
    if "." in name and isinstance(value, ModV):
        _module_value(m, name, scope)
    return value


def execute_import(m: Machine, node: ast.Import | ast.ImportFrom, scope: Scope) -> None:
    if isinstance(node, ast.Import):
        for alias in node.names:
            name = alias.name
            if alias.asname is not None:
                _bind(m, scope, alias.asname, how=_Pending.MODULE, name=name)
            else:
                _bind(m, scope, name.split(".")[0], how=_Pending.DOTTED, name=name)
        return
    source = node.module or ""
    full = _absolute(source, node.level or 0, scope.module.package)
    star = any(alias.name == "*" for alias in node.names)
    if not star and m.importing:
        for alias in node.names:
            _bind(
                m,
                scope,
                alias.asname or alias.name,
                how=_Pending.MEMBER,
                name=alias.name,
                full=full,
            )
        return
    origin = _statement_import(m, full, scope) if full else None
    if star:
        if isinstance(origin, ModV) and isinstance(origin.scope, Scope):
            for key, value in origin.scope.vars.items():
                if not key.startswith("_"):
                    scope.assign(key, value)
        elif origin is None:
            scope.module_scope.star_imports.append(full)
        return
    for alias in node.names:
        scope.assign(alias.asname or alias.name, _member(m, origin, full, alias.name, scope))


def _statement_import(m: Machine, name: str, scope: Scope) -> ModV | None:
    """The module an import statement in `scope`'s module names; None where it is external,
    or where it would be that module's own file under another name (`ModuleLoader.shadows`)."""
    if name not in m.modules and m.loader.shadows(name, scope.module):
        return None
    return m.import_module(name, scope.module)


def _from_import(m: Machine, full: str, name: str, scope: Scope) -> Value:
    origin = _statement_import(m, full, scope) if full else None
    return _member(m, origin, full, name, scope)


def _module_value(m: Machine, name: str, scope: Scope) -> Value:
    replaced = stand_ins.lookup(m, name)
    if replaced is not None:
        return replaced
    found = _statement_import(m, name, scope)
    return found if found is not None else Ext(name)


def _member(m: Machine, origin: ModV | None, full: str, name: str, scope: Scope) -> Value:
    replaced = stand_ins.lookup(m, f"{full}.{name}") if full else None
    if replaced is not None:  # `from vllm.lora import request`, `vllm.lora.request` replaced
        return replaced
    holder = stand_ins.lookup(m, full) if full else None
    if holder is not None:  # `from vllm import LLM`: the stand-in's attribute
        return m.get_attribute(holder, name, m.loc(scope.module, scope.module.source.tree))
    if origin is None:
        if f"{full}.{name}" in versions.VERSION_NAMES:  # `from vllm import __version__`
            return VersionV(versions.VERSION_NAMES[f"{full}.{name}"], desc=f"{full}.{name}")
        submodule = _statement_import(m, f"{full}.{name}", scope) if full else None
        return submodule if submodule is not None else Ext(f"{full}.{name}" if full else name)
    if isinstance(origin.scope, Scope) and name in origin.scope.vars:
        return forced(origin.scope.vars[name])
    submodule = _statement_import(m, f"{full}.{name}", scope)
    if submodule is not None:
        return submodule
    return m.opaque(f"{full}.{name}")


_BUILTINS = frozenset(dir(builtins))


def import_only_names(source: SourceFile) -> frozenset[str]:
    """Names a module binds only by its top-level imports (in `if`/`try` blocks too).

    Reading one that is unbound means its import did not run in this world (`if
    is_vllm_available(): from vllm import LLM` taken as false): Python raises NameError there.
    A name bound any other way, or a builtin, is left to the usual lookup.
    """
    tree = source.tree

    def read() -> frozenset[str]:
        imported = set(_top_level_imports(tree.body))
        others = set(_other_bindings(tree))
        return frozenset(imported - others - _BUILTINS)

    return node_memo(tree, "import_only_names", read)


def _top_level_imports(body: list[ast.stmt]) -> Iterator[str]:
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            for alias in node.names:
                if alias.name != "*":
                    yield alias.asname or alias.name.split(".")[0]
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            continue
        else:
            for field in ("body", "orelse", "finalbody"):
                yield from _top_level_imports(getattr(node, field, []) or [])
            for handler in getattr(node, "handlers", []) or []:
                yield from _top_level_imports(handler.body)
            for case in getattr(node, "cases", []) or []:
                yield from _top_level_imports(case.body)


def _other_bindings(tree: ast.Module) -> Iterator[str]:
    """Every name bound other than by a top-level import, anywhere in the module."""
    top = {id(node) for node in _top_imports_nodes(tree.body)}
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            yield node.id
        elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name
        elif isinstance(node, ast.arg):
            yield node.arg
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            yield node.name
        elif isinstance(node, ast.MatchMapping) and node.rest:
            yield node.rest
        elif isinstance(node, ast.Global | ast.Nonlocal):
            yield from node.names
        elif isinstance(node, ast.Import | ast.ImportFrom) and id(node) not in top:
            yield from (alias.asname or alias.name.split(".")[0] for alias in node.names)


def _top_imports_nodes(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    for node in body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            yield node
        elif not isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            for field in ("body", "orelse", "finalbody"):
                yield from _top_imports_nodes(getattr(node, field, []) or [])
            for handler in getattr(node, "handlers", []) or []:
                yield from _top_imports_nodes(handler.body)
            for case in getattr(node, "cases", []) or []:
                yield from _top_imports_nodes(case.body)
