"""Which drivers a process-starting file can refer to: the prefilter of dispatcher discovery.

A dispatcher reaches a driver only through what the interpreter can resolve: a script or `-m`
module named in a string (`processes.py` reads only constant strings), or an import (a function
target run in a child process, a module's `__file__`). So a file refers to a driver when one of
its imports resolves to the driver's path (looked up in every import root, a superset of the
loader's first match), or when one of its string literals holds the driver's file stem as a
whole word. Plain identifiers elsewhere (`worker = ...`, `self.server`) refer to nothing, and
`from .utils import x` refers to the sibling `utils.py` only, not every `utils.py` of the tree.
Names the imports reach without spelling them out count too: an attribute of an imported name
(`scripts.eval_lora` after `import scripts`) and any name after a star import.
When the file cannot be parsed by `ast` the answer falls back to a byte search for the stems:
a dispatcher is never dropped because the cheap parser failed.
"""

from __future__ import annotations

import ast
import posixpath
import re
import sys
from collections.abc import Callable, Collection, Iterable, Iterator
from dataclasses import dataclass

from analyzers.files.program import module_name_for


@dataclass(frozen=True)
class References:
    """What a file can name: its string literals and every module name its imports can load."""

    strings: tuple[str, ...]
    modules: tuple[str, ...]
    # Identifiers that may name a module the imports reach but do not spell out: attributes of
    # an imported name (`pkg.eval_lora` after `import pkg`), and every plain name after a
    # `from x import *`.
    names: frozenset[str] = frozenset()


def parsed(data: bytes, path: str) -> ast.Module | None:
    """The file's tree, or None when `ast` cannot parse it here."""
    try:
        return ast.parse(data, filename=path)
    except (SyntaxError, ValueError, RecursionError, MemoryError, OverflowError):
        return None


def references_of(data: bytes, path: str) -> References | None:
    """The file's references, or None when `ast` cannot parse it (then every stem counts)."""
    tree = parsed(data, path)
    return None if tree is None else references_in(tree, path)


def references_in(tree: ast.Module, path: str) -> References:
    """What a parsed file can name (`references_of`)."""
    strings: list[str] = []
    modules: list[str] = []
    bound: set[str] = set()  # names the file's imports bind
    star = False
    attributes: list[ast.Attribute] = []
    plain: set[str] = set()
    # A string that is a statement of its own (a docstring, a comment-like block) is thrown
    # away when it runs: it names nothing ("the colocated infer worker" is no `worker.py`).
    discarded = {
        id(node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
    }
    for node in ast.walk(tree):
        if id(node) in discarded:
            continue
        if isinstance(node, ast.Constant) and isinstance(node.value, str | bytes):
            value = node.value
            strings.append(value if isinstance(value, str) else value.decode("latin-1"))
        elif isinstance(node, ast.Import | ast.ImportFrom):
            modules += _imported_names(node, path)
            for alias in node.names:
                star = star or alias.name == "*"
                if isinstance(node, ast.Import):
                    bound.add(alias.asname or alias.name.split(".")[0])
                else:
                    bound.add(alias.asname or alias.name)
        elif isinstance(node, ast.Attribute):
            attributes.append(node)
        elif isinstance(node, ast.Name):
            plain.add(node.id)
    names = {node.attr for node in attributes if _root(node) in bound}
    if star:
        names |= plain
    return References(tuple(strings), tuple(dict.fromkeys(modules)), frozenset(names))


def subclasses_from(tree: ast.Module, drivers: Collection[str]) -> bool:
    """Whether the module defines a class on a base it imports from one of `drivers` (by the
    driver's module name: `from .base import BaseRollout` ... `class Pinned(BaseRollout)`)."""
    stems = {posixpath.basename(driver)[:-3] for driver in drivers}
    imported: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.ImportFrom) and (node.module or "").rpartition(".")[2] in stems:
            imported |= {alias.asname or alias.name for alias in node.names}
        elif isinstance(node, ast.Import):
            imported |= {
                alias.asname or alias.name
                for alias in node.names
                if alias.name.rpartition(".")[2] in stems
            }
    return any(
        _root(base) in imported
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        for base in node.bases
    )


def reexported_from(tree: ast.Module, relative: str) -> set[str]:
    """The names a package's `__init__.py` imports from its module `relative` (`from .rollout
    import RolloutWorker`, or `from rl.rollout import ...`): callers may reach it by them."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom):
            continue
        module = node.module or ""
        if (node.level == 1 and module == relative) or (
            node.level == 0 and (module == relative or module.endswith(f".{relative}"))
        ):
            names.update(alias.asname or alias.name for alias in node.names)
    return names


def _root(node: ast.expr) -> str | None:
    while isinstance(node, ast.Attribute):
        node = node.value
    return node.id if isinstance(node, ast.Name) else None


def reexporting_inits(
    drivers: Collection[str],
    files: Collection[str],
    roots: Iterable[str],
    read: Callable[[str], References | None],
) -> set[str]:
    """The `__init__.py` files that importing a package may run a driver through: the one of
    each driver's own package (it may re-export the driver), and each enclosing package's that
    imports a module already found (`minieval/__init__.py` holding `from minieval.models.lm
    import LM`): `from minieval import LM` reaches `minieval/models/lm.py` two levels down.
    `read` gives a file's references (None when it cannot be read, which counts as importing
    everything: a caller is never dropped because the cheap parser failed)."""
    roots = list(roots)
    found = {f"{posixpath.dirname(driver)}/__init__.py" for driver in drivers}
    reached = set(drivers) | found
    for driver in sorted(drivers, key=lambda d: -d.count("/")):
        folder = posixpath.dirname(posixpath.dirname(driver))
        while folder:
            init = f"{folder}/__init__.py"
            if init in files and init not in found:
                refs = read(init)
                # `from minieval.models import LM` inside `minieval/` resolves from the folder
                # that holds the top package, whichever ancestor that is.
                search = [folder, *_ancestors(folder), *roots]
                if refs is None or any(
                    _resolves(name, search, files) & reached for name in refs.modules
                ):
                    found.add(init)
                    reached.add(init)
            folder = posixpath.dirname(folder)
    return found


def _ancestors(folder: str) -> list[str]:
    """`a/b/c` -> `a/b`, `a`, `` (the repository's top)."""
    found = []
    while folder:
        folder = posixpath.dirname(folder)
        found.append(folder)
    return found


def refers_to(
    found: References | None,
    path: str,
    drivers: Collection[str],
    files: Collection[str],
    roots: Iterable[str],
    *,
    packages: Collection[str] | None = None,
) -> bool:
    """Whether the file at `path` can name one of `drivers`; the caller has already found one
    of their stems in its (decoded) bytes, which is the answer when `found` is None."""
    stems = {posixpath.basename(driver)[:-3] for driver in drivers}
    if not stems:
        return False
    if found is None:
        return True  # unparsable here: keep the sound byte-level answer
    words = re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, sorted(stems))) + r")(?![\w])")
    if any(words.search(text) for text in found.strings) or stems & found.names:
        return True
    wanted = set(drivers)
    # A package's `__init__.py` re-exports its modules (`from mypkg import PolicyEngine`):
    # importing the package may be importing a driver that sits in its folder, or below it
    # (`reexporting_inits`).
    if packages is None:
        packages = {f"{posixpath.dirname(driver)}/__init__.py" for driver in wanted}
    targets = wanted | set(packages)
    search = [posixpath.dirname(path), *roots]
    return any(_resolves(name, search, files) & targets for name in found.modules)


def imports_elsewhere(
    tree: ast.Module,
    path: str,
    drivers: Collection[str],
    *,
    files: Collection[str],
    roots: Iterable[str],
    packages: Collection[str],
) -> set[str]:
    """The names the file's imports bind that cannot reach one of `drivers`: the modules the
    import may load are in the repository and none is a driver or one of `packages` (the
    `__init__.py` files that may run a driver, `reexporting_inits`): a helper from
    `utils.analysis` is not a driver. So are the standard library's (`shutil`, `json`). A
    module found nowhere may be the repository's own under a root not known here: it counts."""
    targets = set(drivers) | set(packages)
    search = [posixpath.dirname(path), *roots]
    found: set[str] = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.Import | ast.ImportFrom):
            continue
        loads = list(_imported_names(node, path))
        if isinstance(node, ast.ImportFrom):
            # What `from a.b import c` binds is `a.b.c` or a name of `a.b`; running `a` on
            # the way binds nothing.
            loads = loads[-(len(node.names) + 1) :]
        resolved = [_resolves(name, search, files) for name in loads]
        if any(hits & targets for hits in resolved):
            continue
        top = (node.module or "").split(".")[0] if isinstance(node, ast.ImportFrom) else ""
        standard = (
            all(alias.name.split(".")[0] in sys.stdlib_module_names for alias in node.names)
            if isinstance(node, ast.Import)
            else node.level == 0 and top in sys.stdlib_module_names
        )
        if not any(resolved) and not standard:
            continue
        for alias in node.names:
            if alias.name != "*":
                found.add(alias.asname or alias.name.split(".")[0])
    return found


def _imported_names(node: ast.Import | ast.ImportFrom, path: str) -> Iterator[str]:
    """Every dotted module name the import can load: each package on the way, and each
    `from` name (which may be a submodule)."""
    if isinstance(node, ast.Import):
        for alias in node.names:
            yield from _prefixes(alias.name)
        return
    base = node.module or ""
    if node.level:
        name, is_package = module_name_for(path)
        parts = name.split(".") if name else []
        keep = len(parts) - node.level + (1 if is_package else 0)
        parent = ".".join(parts[: max(keep, 0)])
        base = ".".join(part for part in (parent, base) if part)
    if base:
        yield from _prefixes(base)
    for alias in node.names:
        if alias.name != "*":
            yield f"{base}.{alias.name}" if base else alias.name


def _prefixes(name: str) -> Iterator[str]:
    parts = name.split(".")
    for end in range(1, len(parts) + 1):
        yield ".".join(parts[:end])


def _resolves(name: str, roots: Iterable[str], files: Collection[str]) -> set[str]:
    relative = name.replace(".", "/")
    found: set[str] = set()
    for root in dict.fromkeys(["", *roots]):
        base = posixpath.join(root, relative) if root else relative
        for candidate in (f"{base}.py", f"{base}/__init__.py", f"{base}/__main__.py"):
            if candidate in files:
                found.add(candidate)
    return found
