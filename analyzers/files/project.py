"""Where a scanned PATH sits in its repository, and the package roots the repository declares.

A folder or file given to `lora-audit scan` is audited inside its whole repository: the files
above it stay readable (as `../` paths) so that its imports, lock files and requirement files
are found exactly as for a scan of the repository's root, and a verdict never depends on which
folder was scanned. Only the files under PATH (or the files given) are candidate drivers.
"""

from __future__ import annotations

import configparser
import os
import posixpath
import tomllib
from collections.abc import Callable, Collection, Sequence
from pathlib import Path
from typing import Any

from analyzers.files.source import SourceError, SourceTree

PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py")


def repository_top(start: Path) -> Path | None:
    """The nearest folder at or above `start` holding `.git` (a folder or a worktree's file).

    Only the file system is read; git itself runs later, hardened (`runner.py`).
    """
    try:
        current = start.resolve()
    except OSError:
        return None
    for folder in (current, *current.parents):
        if (folder / ".git").exists():
            return folder
    return None


class ScopedTree:
    """A `SourceTree` of a repository seen from one of its folders (`scope`, posix, relative to
    the repository's top): paths are relative to the scope, files above it are `../` paths, and
    only files under the scope (or in `only`, when given) are candidates."""

    def __init__(
        self,
        inner: SourceTree,
        scope: str,
        *,
        label: str,
        only: Collection[str] | None = None,
    ) -> None:
        self.inner = inner
        self.scope = scope.strip("/")
        self._label = label
        self._only = frozenset(only) if only is not None else None  # inner (top) paths
        self._files: list[str] | None = None

    # the path of the repository's top relative to the scope: "", "..", "../.."
    @property
    def top(self) -> str:
        if not self.scope:
            return ""
        return "/".join(".." for _ in self.scope.split("/"))

    @property
    def label(self) -> str:
        return self._label

    @property
    def commit(self) -> str | None:
        return self.inner.commit

    @property
    def skipped(self) -> object:
        entries = getattr(self.inner, "skipped", [])
        out = []
        for entry in entries if isinstance(entries, list | tuple) else []:
            path = getattr(entry, "path", None)
            if isinstance(path, str) and self._inside(path):
                out.append(type(entry)(self.outer(path), entry.why))
        return out

    def _inside(self, inner_path: str) -> bool:
        if self._only is not None:
            return inner_path in self._only
        return not self.scope or inner_path.startswith(self.scope + "/")

    def outer(self, inner_path: str) -> str:
        """A top-relative path as this tree names it."""
        if not self.scope:
            return inner_path
        return posixpath.relpath(inner_path, self.scope)

    def to_inner(self, path: str) -> str:
        if not self.scope:
            return path
        return posixpath.normpath(posixpath.join(self.scope, path))

    def files(self) -> Sequence[str]:
        if self._files is None:
            self._files = sorted(self.outer(path) for path in self.inner.files())
        return self._files

    def read(self, path: str) -> bytes:
        return self.inner.read(self.to_inner(path))

    def blob_id(self, path: str) -> str:
        return self.inner.blob_id(self.to_inner(path))

    def candidates(self, needles: Sequence[bytes]) -> Sequence[str]:
        found = self.inner.candidates(needles)
        return sorted(self.outer(path) for path in found if self._inside(path))


def tree_top(tree: SourceTree) -> str:
    """The repository's top as the tree names it ("" unless the tree is scoped)."""
    top = getattr(tree, "top", "")
    return top if isinstance(top, str) else ""


def folders_up(folder: str, top: str) -> list[str]:
    """`folder`, its parents, ..., up to `top`: `a/b`, `a`, ``, `..`, `../..` (one tree's
    coordinates; `top` is "" or a chain of `..`, `folder` is at or below it)."""
    chain = [folder if folder != "." else ""]
    limit = len(top.split("/")) if top else 0
    while chain[-1] != top and len(chain) < 256:
        current = chain[-1]
        if current == "":
            parent = ".."
        elif current.split("/")[-1] == "..":
            parent = current + "/.."
        else:
            parent = posixpath.dirname(current)
        if parent.split("/").count("..") > limit:
            break
        chain.append(parent)
    return chain


# --- the package roots a repository declares ------------------------------------------------


def _as_list(value: object) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [item for item in value if isinstance(item, str)]
    return []


def _pyproject_roots(document: dict[str, Any]) -> list[str]:
    """Folders (relative to the pyproject's) that its build backend takes packages from."""
    tool = document.get("tool", {}) if isinstance(document.get("tool"), dict) else {}
    roots: list[str] = []
    setuptools = tool.get("setuptools", {})
    if isinstance(setuptools, dict):
        package_dir = setuptools.get("package-dir", {})
        if isinstance(package_dir, dict):
            roots += _as_list(package_dir.get(""))
        packages = setuptools.get("packages", {})
        if isinstance(packages, dict):
            find = packages.get("find", {})
            if isinstance(find, dict):
                roots += _as_list(find.get("where"))
    hatch = tool.get("hatch", {})
    if isinstance(hatch, dict):
        wheel = hatch.get("build", {}).get("targets", {}).get("wheel", {})
        if isinstance(wheel, dict):
            packages = _as_list(wheel.get("packages"))
            roots += [posixpath.dirname(item.rstrip("/")) for item in packages]
            sources = wheel.get("sources")
            if isinstance(sources, dict):
                roots += [key for key, value in sources.items() if value == ""]
            roots += _as_list(sources) if isinstance(sources, list) else []
    poetry = tool.get("poetry", {})
    if isinstance(poetry, dict):
        for item in poetry.get("packages", []) if isinstance(poetry.get("packages"), list) else []:
            if isinstance(item, dict) and isinstance(item.get("from"), str):
                roots.append(item["from"])
    pdm = tool.get("pdm", {})
    if isinstance(pdm, dict):
        build = pdm.get("build", {})
        if isinstance(build, dict):
            roots += _as_list(build.get("package-dir"))
    flit = tool.get("flit", {})
    if isinstance(flit, dict) and isinstance(flit.get("module"), dict):
        roots += _as_list(flit["module"].get("directory"))
    return roots


def _setup_cfg_roots(text: str) -> list[str]:
    parser = configparser.ConfigParser(interpolation=None)
    try:
        parser.read_string(text)
    except configparser.Error:
        return []
    roots: list[str] = []
    package_dir = parser.get("options", "package_dir", fallback="")
    for line in package_dir.replace(";", "\n").splitlines():
        key, _, value = line.partition("=")
        if value.strip() and not key.strip():
            roots.append(value.strip())
    where = parser.get("options.packages.find", "where", fallback="")
    roots += [item.strip() for item in where.split() if item.strip()]
    return roots


def declared_package_roots(
    files: Collection[str], read: Callable[[str], bytes | SourceError]
) -> list[str]:
    """Every folder imports may resolve from: each project's folder (pyproject.toml, setup.cfg,
    setup.py), the folders its build configuration takes packages from, and its `src/` when
    that holds Python files; shallowest projects first. Paths are in the tree's coordinates."""
    python_folders = {posixpath.dirname(path) for path in files if path.endswith(".py")}
    has_python_below: set[str] = set()
    for start in python_folders:
        folder = start
        while folder and folder not in has_python_below:
            has_python_below.add(folder)
            folder = posixpath.dirname(folder)
    roots: list[str] = []
    projects = sorted(
        (path for path in files if posixpath.basename(path) in PROJECT_FILES),
        key=lambda path: (path.count("/"), path),
    )
    for path in projects:
        folder = posixpath.dirname(path)
        declared: list[str] = []
        data = read(path)
        if isinstance(data, bytes):
            text = data.decode("utf-8", "replace")
            if path.endswith(".toml"):
                try:
                    declared = _pyproject_roots(tomllib.loads(text))
                except tomllib.TOMLDecodeError:
                    declared = []
            elif path.endswith(".cfg"):
                declared = _setup_cfg_roots(text)
        candidates = [folder, *(_join(folder, item) for item in declared), _join(folder, "src")]
        for root in candidates:
            if root is None or root in roots:
                continue
            if root == folder or root in has_python_below:
                roots.append(root)
    return roots


def _join(folder: str, relative: str) -> str | None:
    """`folder/relative`, normalised; None for an absolute or empty `relative`."""
    relative = relative.strip().replace("\\", "/")
    if not relative or relative.startswith("/") or os.path.isabs(relative):
        return None
    joined = posixpath.normpath(posixpath.join(folder, relative) if folder else relative)
    return "" if joined == "." else joined


def top_relative(tree: SourceTree, path: str) -> str:
    """A tree path relative to the repository's top (config globs are written that way)."""
    to_inner = getattr(tree, "to_inner", None)
    return to_inner(path) if callable(to_inner) else path
