"""Which files to analyse, and how a driver finds the same-repository modules it imports.

Candidates come from the tree's byte prefilter (git grep where it can); each is parsed only when
its analysis is not cached. Imports are resolved the way `python path/to/script.py` would: the
scanned folder, the script's own folder and `src/`, then the repository's top and the package
roots its projects declare (`project.py`: pyproject.toml, setup.cfg, `src/` layouts); each
lookup, found or not, is recorded so a cached verdict is reused only while every module it
depended on is unchanged.
"""

from __future__ import annotations

import ast
import posixpath
from collections.abc import Callable, Iterable, Sequence
from functools import partial

from analyzers.files.encoding import searchable
from analyzers.files.notebook import NotebookError, is_notebook, notebook_python
from analyzers.files.parsing import (
    PARSE_LIMIT,
    ParseFailure,
    SourceFile,
    decode,
    empty_source,
    parse_source,
)
from analyzers.files.posting import Feed, same_route
from analyzers.files.program import Module, ModuleLoader, module_name_for
from analyzers.files.project import declared_package_roots, tree_top
from analyzers.files.sites import (
    ClassFact,
    RequestSite,
    class_facts,
    find_sites,
    request_classes,
    site_needles,
)
from analyzers.files.source import SourceError, SourceTree

ABSENT = "absent"
# A data file read as the repository holds it (`DriverLoader.read_data`): a manifest or a small
# config, not a dataset; larger ones stay run-time input.
DATA_FILE_LIMIT = 64 * 1024


def selected(path: str, include: Sequence[str], exclude: Sequence[str]) -> bool:
    """Whether the config's include/exclude globs keep `path` (gitignore semantics)."""
    from analyzers.files.config import globs_select

    return globs_select(path, include, exclude)


_CLASS_ROUNDS = 3  # subclass chains followed into files that do not name vLLM's class


def discover_sites(
    store: ModuleStore,
    paths: Iterable[str],
    more: Callable[[Sequence[bytes]], Iterable[str]],
) -> dict[str, list[RequestSite]]:
    """The request sites of every file that has one (the row invariant's ground truth).

    `paths` are the prefilter's candidates; `more(needles)` finds further selected Python files
    holding a needle: files that build a repository's own request class by a name that does
    not contain vLLM's, and subclasses of those (to a few levels). What a file version says is
    kept by its blob, so a history parses each version once however many commits hold it.
    """
    read: dict[str, _Syntax] = {}

    def take(names: Iterable[str]) -> None:
        for path in names:
            if path not in read:
                found = _syntax(store, path)
                if found is not None:
                    read[path] = found

    take(paths)
    classes = request_classes(fact for syntax in read.values() for fact in syntax.classes)
    searched: set[str] = set()
    for _ in range(_CLASS_ROUNDS):
        fresh = sorted(name for name in classes if name not in searched and len(name) >= 3)
        if not fresh:
            break
        searched.update(fresh)
        take(more(tuple(site_needles(fresh))))
        classes = request_classes(
            (fact for syntax in read.values() for fact in syntax.classes), classes
        )
    found: dict[str, list[RequestSite]] = {}
    for path, syntax in sorted(read.items()):
        sites = syntax.sites_of(classes, partial(_parsed, store, path))
        if sites:
            found[path] = sites
    return found


class _Syntax:
    """What discovery reads in one file version: its class definitions, and its sites for
    each set of request class names asked about (almost always one)."""

    def __init__(self, classes: tuple[ClassFact, ...], parsed: tuple[ast.Module, str]) -> None:
        self.classes = classes
        self.sites: dict[frozenset[str], list[RequestSite]] = {}
        self._parsed: tuple[ast.Module, str] | None = parsed  # until the first sites are read

    def sites_of(
        self, names: frozenset[str], parse: Callable[[], tuple[ast.Module, str] | None]
    ) -> list[RequestSite]:
        known = self.sites.get(names)
        if known is None:
            parsed, self._parsed = self._parsed or parse(), None
            try:
                known = find_sites(parsed[0], names, parsed[1]) if parsed is not None else []
            except RecursionError:
                known = []  # the parser itself reports such a file (a failure row)
            self.sites[names] = known
        return known


# File versions by blob id: a history sweep reads each once.
_READ: dict[str, _Syntax | None] = {}
_READ_KEPT = 20_000


def readable(store: ModuleStore, path: str) -> bool:
    """Whether `ast` reads the file (its sites are known from `discover_sites`)."""
    return _syntax(store, path) is not None


def _syntax(store: ModuleStore, path: str) -> _Syntax | None:
    blob = store.blob(path)
    if blob in _READ:
        return _READ[blob]
    parsed = _parsed(store, path)
    found = _Syntax(class_facts(parsed[0]), parsed) if parsed is not None else None
    if blob not in (ABSENT, "unreadable"):
        if len(_READ) >= _READ_KEPT:
            _READ.pop(next(iter(_READ)))
        _READ[blob] = found
    return found


def _parsed(store: ModuleStore, path: str) -> tuple[ast.Module, str] | None:
    data = store.data(path)
    if not isinstance(data, bytes) or len(data) > PARSE_LIMIT:
        return None
    try:
        text = decode(data)
        return ast.parse(text, filename=path), text
    except (SyntaxError, ValueError, RecursionError, MemoryError, ParseFailure):
        return None  # the parser reports such a file (a failure row) if it is a candidate


class ModuleStore:
    """Parsed files of one audit, each parsed at most once."""

    def __init__(self, tree: SourceTree, files: Iterable[str]) -> None:
        self.tree = tree
        self.files = frozenset(files)
        self._parsed: dict[str, SourceFile | ParseFailure] = {}
        self._data: dict[str, bytes | SourceError] = {}
        self._searchable: dict[str, bytes] = {}
        self._roots: tuple[str, ...] | None = None
        self._blobs: dict[str, str] = {}
        folders: set[str] = set()
        for path in self.files:
            if path.endswith(".py"):
                folder = posixpath.dirname(path)
                while folder and folder not in folders:
                    folders.add(folder)
                    folder = posixpath.dirname(folder)
        self._folders = frozenset(folders)  # every folder with Python files at or below it

    @property
    def package_roots(self) -> tuple[str, ...]:
        """The repository's top and its declared package roots, in the tree's coordinates."""
        if self._roots is None:
            found = declared_package_roots(sorted(self.files), self.data)
            self._roots = tuple(dict.fromkeys([tree_top(self.tree), *found]))
        return self._roots

    def blob(self, path: str) -> str:
        if path not in self.files:
            return ABSENT
        known = self._blobs.get(path)
        if known is None:
            try:
                known = self.tree.blob_id(path)
            except SourceError:
                known = "unreadable"
            self._blobs[path] = known
        return known

    def data(self, path: str) -> bytes | SourceError:
        """The file's bytes (read once), or why they cannot be read; a notebook's are the
        Python script its code cells make (`notebook.py`)."""
        found = self._data.get(path)
        if found is None:
            try:
                found = self.tree.read(path)
                if is_notebook(path):
                    found = notebook_python(found)
            except SourceError as exc:
                found = exc
            except NotebookError as exc:
                found = SourceError(path, str(exc))
            self._data[path] = found
        return found

    def contains(self, path: str, needles: Iterable[bytes]) -> bool:
        """Whether the file's text holds a needle (decoded first when its coding cookie
        names a codec that can write ASCII otherwise, such as UTF-7)."""
        text = self._searchable.get(path)
        if text is None:
            data = self.data(path)
            if not isinstance(data, bytes):
                return False
            text = self._searchable[path] = searchable(data)
        return any(needle in text for needle in needles)

    def parse(self, path: str) -> SourceFile | ParseFailure:
        found = self._parsed.get(path)
        if found is None:
            data = self.data(path)
            if isinstance(data, SourceError):
                found = ParseFailure(f"cannot be read: {data.why}")
            else:
                try:
                    found = parse_source(path, data)
                except ParseFailure as failure:
                    found = failure
            self._parsed[path] = found
        return found

    def is_package_folder(self, folder: str) -> bool:
        return folder in self._folders


class DriverLoader(ModuleLoader):
    """Resolves modules for one driver and records every path it looked at (for the cache)."""

    def __init__(self, store: ModuleStore, entry_path: str, feeds: Sequence[Feed] = ()) -> None:
        self.store = store
        self.entry_path = entry_path
        self.feeds = feeds
        folder = posixpath.dirname(entry_path)
        self.roots = list(dict.fromkeys(["", folder, "src", *store.package_roots]))
        self.deps: dict[str, str] = {}
        self.notes: list[str] = []
        self.touched: dict[str, set[str]] = {}  # path -> functions whose bodies were run or read
        self.whole: set[str] = set()  # paths whose every byte the result depends on

    def touch(self, path: str, key: str) -> None:
        self.touched.setdefault(path, set()).add(key)

    def posted_after_write(self, route: str) -> list[Feed]:
        found = [feed for feed in self.feeds if same_route(feed.route, route)]
        for feed in found:
            # The result depends on the whole client as it is now (its lines are cited), not
            # only on what an import of it would run.
            self._lookup(feed.path)
            self.whole.add(feed.path)
        return found

    def read_data(self, path: str) -> bytes | None:
        if path.endswith(".py") or not self._lookup(path):
            return None
        self.whole.add(path)
        data = self.store.data(path)
        return None if isinstance(data, SourceError) or len(data) > DATA_FILE_LIMIT else data

    def _lookup(self, path: str) -> bool:
        blob = self.store.blob(path)
        self.deps[path] = blob
        return blob != ABSENT

    def _source_for(self, path: str) -> SourceFile | None:
        """The parsed file, or None (noted) when it cannot be analysed; `load` names it."""
        parsed = self.store.parse(path)
        if isinstance(parsed, ParseFailure):
            self.notes.append(f"{path} could not be analysed: {parsed.why}")
            return None
        return parsed

    def module_name(self, path: str) -> tuple[str, bool]:
        """The dotted name a file is imported by: `src/pkg/mod.py` is `pkg.mod` when `src` is a
        source root (one imports resolve from that is not a package itself), as an installed
        `pkg` is. Named by its path instead, the file would be a second module beside the one
        `import pkg.mod` runs: relative imports from it (`from ..data import x`) would run
        `src.pkg.data` again under that name, with registries and counters of its own."""
        for root in sorted({"src", *self.store.package_roots} - {""}, key=len, reverse=True):
            if path.startswith(root + "/") and f"{root}/__init__.py" not in self.store.files:
                return module_name_for(path[len(root) + 1 :])
        return module_name_for(path)

    def shadows(self, name: str, importer: Module) -> bool:
        if importer.is_package or name == importer.name:
            return False  # a package's own submodules; a module reading itself back
        found = self._locate(name)
        return found is not None and found == (importer.path, False)

    def load(self, name: str, importer: Module) -> Module | None:
        found = self._locate(name)
        if found is None:
            return None
        path, folder = found
        if folder:
            self.deps[f"{path}/"] = "folder"
            # A namespace package (a folder without `__init__.py`): nothing runs on import.
            return Module(empty_source(f"{path}/__init__.py"), name, True)
        source = self._source_for(path)
        return Module(source, name, path.endswith("__init__.py")) if source is not None else None

    def _locate(self, name: str) -> tuple[str, bool] | None:
        """Where an import of `name` finds it first: a module's file (False), or a folder
        without `__init__.py` (True, a namespace package); None when not in the repository."""
        relative = name.replace(".", "/")
        for root in self.roots:
            base = posixpath.join(root, relative) if root else relative
            for candidate in (f"{base}.py", f"{base}/__init__.py"):
                if self._lookup(candidate):
                    return candidate, False
            if self.store.is_package_folder(base):
                return base, True
        return None

    def resolve_script(self, text: str, importer_path: str) -> str | None:
        cleaned = posixpath.normpath(text.lstrip("./") if text.startswith("./") else text)
        folder = posixpath.dirname(importer_path)
        for candidate in (cleaned, posixpath.normpath(posixpath.join(folder, cleaned))):
            if self._lookup(candidate):
                return candidate
        matches = sorted(path for path in self.store.files if path.endswith("/" + cleaned))
        if len(matches) == 1:
            self._lookup(matches[0])
            return matches[0]
        return None

    def resolve_module_path(self, name: str) -> str | None:
        relative = name.replace(".", "/")
        for root in self.roots:
            base = posixpath.join(root, relative) if root else relative
            for candidate in (f"{base}.py", f"{base}/__main__.py"):
                if self._lookup(candidate):
                    return candidate
        return None
