"""Audit a source tree: find its drivers, analyse each (or reuse a cached analysis), report.

`audit_tree` reads only through the tree, never raises on bad input, and is deterministic.
A driver's cached analysis is keyed by the driver's blob, the vLLM versions, the options and
`ANALYZER_VERSION`, and by every same-repository module its analysis looked up (found or not):
a missing path or a file that does not parse by its blob, a module by the digest of what the
analysis could see of it (its top level and the functions it ran or read,
`interpret/relevant.py`). Auditing the same content again parses nothing, and changing a
function no driver's analysis touched re-analyses none of them.
"""

from __future__ import annotations

import gc
import hashlib
import json
import os
import posixpath
import re
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, MutableMapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from analyzers.files.config import RepoConfig
from analyzers.files.discover import (
    ABSENT,
    DriverLoader,
    ModuleStore,
    discover_sites,
    readable,
    selected,
)
from analyzers.files.encoding import COOKIE_NEEDLES
from analyzers.files.fingerprint import source_fingerprint
from analyzers.files.notebook import is_notebook, is_python_script, may_be_script, stem
from analyzers.files.parsing import ParseFailure
from analyzers.files.posting import SEND_NEEDLES, Feed, feeds_of
from analyzers.files.progress import advance
from analyzers.files.project import top_relative, tree_top
from analyzers.files.source import (
    PROCESS_NEEDLES,
    SCRIPT_NEEDLES,
    WRITE_NEEDLES,
    SourceError,
    SourceTree,
)
from analyzers.files.suppression import find_markers
from analyzers.model import Evidence, Report
from analyzers.report.linking import link_rows
from analyzers.report.rows import (
    FileAnalysis,
    MarkerRecord,
    SpawnRecord,
    StopRecord,
    build_row,
    failure_row,
)
from analyzers.vllm.api import PREFILTER_NEEDLES, REQUEST_WORD_NEEDLES
from analyzers.vllm.version_plan import VersionPlan, plan_versions

if TYPE_CHECKING:
    import ast

    from analyzers.files.references import References
    from analyzers.files.sites import RequestSite

DEBUG_ENV = "LORA_AUDIT_DEBUG"
# Bump when the analysis changes what it reports: every cached result becomes stale.
ANALYZER_VERSION = "3"
# Rounds of dispatcher discovery: callers of callers, and a first round for the files whose
# only prefilter words are engine settings (`_audit_tree`).
_DISPATCH_ROUNDS = 4
UNREAD = "not read: "  # the detail of a `skipped` entry for a candidate that cannot be read


@dataclass(frozen=True)
class Dep:
    """One path an analysis looked up: its blob then, the functions of it the analysis ran or
    read (None: the whole file counts), and what the result key holds for it."""

    blob: str
    touched: tuple[str, ...] | None
    digest: str


@dataclass(frozen=True)
class AuditOptions:
    vllm_version: str | None = None  # the --vllm-version flag; overrides config and lock files
    # include/exclude globs, vllm_version from lora-audit.yml (frozen: one shared default is safe)
    config: RepoConfig = RepoConfig()  # noqa: RUF009


@runtime_checkable
class ReportsSkips(Protocol):
    """A tree that can say which entries it left out (links, unreadable folders)."""

    @property
    def skipped(self) -> object: ...


_DEP_SETS_KEPT = 8
_PIN_NAMES = frozenset({"uv.lock", "poetry.lock", "pyproject.toml"})
# Version plans by (flag, config, folder, pins): a history sweep plans each pin state once.
_PLANS: dict[tuple[str | None, str | None, str, str], VersionPlan] = {}
_PLANS_KEPT = 512


@dataclass
class _Audit:
    tree: SourceTree
    options: AuditOptions
    cache: MutableMapping[str, str] | None
    store: ModuleStore
    analyses: dict[str, FileAnalysis] = field(default_factory=dict)
    plans: dict[str, VersionPlan] = field(default_factory=dict)
    # path -> what went wrong inside the analyzer: reported apart from the findings, never cached
    internal_errors: dict[str, str] = field(default_factory=dict)
    jobs: int | None = None  # worker processes for fresh analyses; None: sized by the machine
    pins: str | None = None  # `_pins_key()`, once per audit
    # What the repository's HTTP clients post to routes right after rewriting the folder they
    # post (`files/posting.py`): a fact about the callers of the repository's route handlers.
    feeds: tuple[Feed, ...] = ()

    def plan_for(self, path: str) -> VersionPlan:
        """The vLLM releases a driver is judged at: pins from its folder up to the top."""
        folder = posixpath.dirname(path)
        plan = self.plans.get(folder)
        if plan is None:
            config = self.options.config.vllm_version
            key = (self.options.vllm_version, config, folder, self._pins_key())
            plan = _PLANS.get(key)
            if plan is None:
                plan = plan_versions(self.tree, self.options.vllm_version, config, folder)
                if len(_PLANS) >= _PLANS_KEPT:
                    _PLANS.pop(next(iter(_PLANS)))
                _PLANS[key] = plan
            self.plans[folder] = plan
        return plan

    def _pins_key(self) -> str:
        """The blob of every file a version plan could read (a superset: any lock file,
        pyproject.toml or requirements/constraints text file anywhere in the tree), so one
        commit of a history reuses the plan of another with the same pins. Each is asked
        for through the tree, so a recording tree still sees the plan depend on it."""
        if self.pins is None:
            pins = []
            for path in self.store.files:
                name = posixpath.basename(path)
                if name in _PIN_NAMES or (
                    name.endswith(".txt") and ("requirements" in path or "constraints" in path)
                ):
                    pins.append(f"{path}\0{self.store.blob(path)}")
            parts = [type(self.tree).__name__, tree_top(self.tree), *sorted(pins)]
            self.pins = hashlib.sha256("\0\0".join(parts).encode()).hexdigest()
        return self.pins

    def _base_key(self, path: str) -> str:
        parts = [
            ANALYZER_VERSION,
            code_fingerprint(),
            path,
            self.store.blob(path),
            self.plan_for(path).text or "",
            ",".join(str(v) for v in self.plan_for(path).versions),
            ",".join(self.plan_for(path).notes()),
            ",".join(self.store.package_roots),
            ",".join(feed.key() for feed in self.feeds),
        ]
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def _result_key(self, base: str, digests: dict[str, str]) -> str:
        text = base + json.dumps(sorted(digests.items()))
        return hashlib.sha256(text.encode()).hexdigest()

    def _current(self, dep: str) -> str:
        if dep.endswith("/"):
            return "folder" if self.store.is_package_folder(dep[:-1]) else ABSENT
        return self.store.blob(dep)

    def _digest_now(self, path: str, recorded: Dep) -> str:
        """What the result key holds for `path` as the tree has it now: the recorded digest
        while the blob is the same, else the digest of the new version (parsed for that)."""
        now = self._current(path)
        if now == recorded.blob:
            return recorded.digest
        if recorded.touched is None or now in (ABSENT, "folder", "unreadable"):
            return now
        return _module_digest(self.store, path, now, recorded.touched)

    def analyse(self, path: str) -> FileAnalysis:
        self.analyse_all([path])
        return self.analyses[path]

    def analyse_all(self, paths: list[str]) -> None:
        """Analyse `paths` (or reuse cached analyses), in their order; the fresh ones across
        worker processes when there are enough of them and cores to share (`parallel.py`)."""
        todo: list[tuple[str, str]] = []
        for path in dict.fromkeys(paths):
            if path in self.analyses:
                continue
            base = self._base_key(path)
            cached = self._from_cache(base)
            if cached is not None:
                self.analyses[path] = cached
            else:
                todo.append((path, base))
        if not todo:
            return
        results = _map_fresh(self, [path for path, _ in todo], self.jobs)
        # Stored in the serial order, so that the report cannot depend on which worker ran first.
        for (path, base), (analysis, deps, error) in zip(todo, results, strict=True):
            for dep in deps:
                self._current(dep)  # the parent's tree records the question (history reuse)
            if error is not None:
                self.internal_errors[path] = error
            if self.cache is not None and error is None:
                self._remember_deps(base, deps)
                digests = {dep: state.digest for dep, state in deps.items()}
                key = self._result_key(base, digests)
                self.cache[f"file:{key}"] = analysis.model_dump_json()
            self.analyses[path] = analysis

    def fresh(self, path: str) -> tuple[FileAnalysis, dict[str, Dep], str | None]:
        """A new analysis of `path`: the analysis, the blobs it depended on, an internal error."""
        analysis, deps = self._fresh(path)
        return analysis, deps, self.internal_errors.pop(path, None)

    def _recorded_dep_sets(self, base: str) -> list[dict[str, Dep]]:
        """The dependencies earlier analyses of this exact driver blob looked at, each set with
        the blobs, touched functions and digests it had then."""
        assert self.cache is not None
        recorded = json.loads(self.cache.get(f"deps:{base}") or "[]")
        if not isinstance(recorded, list):
            return []
        found = []
        for entries in recorded:
            if isinstance(entries, list):
                found.append(
                    {
                        path: Dep(blob, tuple(touched) if touched is not None else None, digest)
                        for path, blob, touched, digest in entries
                    }
                )
        return found

    def _remember_deps(self, base: str, deps: dict[str, Dep]) -> None:
        """Keep the last few dependency sets, so that a driver whose helper alternates between
        versions (a pull request's base and head, branches in a sweep) is found for each."""
        assert self.cache is not None
        try:
            known = self._recorded_dep_sets(base)
        except (ValueError, TypeError):
            known = []
        sets = [deps, *(other for other in known if other != deps)][:_DEP_SETS_KEPT]
        self.cache[f"deps:{base}"] = json.dumps(
            [
                [[path, dep.blob, dep.touched, dep.digest] for path, dep in sorted(found.items())]
                for found in sets
            ]
        )

    def _from_cache(self, base: str) -> FileAnalysis | None:
        """A stored result whose every dependency still has the blob it had then, or None.

        The result key holds the blob id of every dependency the analysis read (absent modules
        included), so a hit is exactly an analysis of the same inputs.
        """
        if self.cache is None:
            return None
        try:
            for deps in self._recorded_dep_sets(base):
                current = {path: self._digest_now(path, dep) for path, dep in deps.items()}
                stored = self.cache.get(f"file:{self._result_key(base, current)}")
                if stored:
                    return FileAnalysis.model_validate_json(stored)
        except (ValueError, TypeError):
            pass  # a damaged cache entry is recomputed, never trusted
        return None

    def _fresh(self, path: str) -> tuple[FileAnalysis, dict[str, Dep]]:
        # Imported here: a fully cached audit never needs libcst or the interpreter.
        from analyzers.files.program import Module
        from analyzers.judge.driver import analyse_driver

        loader = DriverLoader(self.store, path, self.feeds)
        own = self.store.blob(path)
        deps = {path: Dep(own, None, own)}
        parsed = self.store.parse(path)
        if isinstance(parsed, ParseFailure):
            return FileAnalysis(path=path, row=failure_row(path, parsed.why, parsed.line)), deps
        name, package = loader.module_name(path)
        module = Module(parsed, name, package)
        try:
            plan = self.plan_for(path)
            result = analyse_driver(loader, module, plan.versions, plan.primary)
        except RecursionError:
            return FileAnalysis(path=path, row=failure_row(path, "the code nests too deeply")), deps
        except Exception as exc:
            # One file must not sink the audit of a whole repository; tests set DEBUG_ENV so
            # that such a bug fails loudly there instead.
            if os.environ.get(DEBUG_ENV):
                raise
            self.internal_errors[path] = f"{type(exc).__name__}: {exc}"
            why = "lora-audit itself failed on this file (an internal error; please report it)"
            return FileAnalysis(path=path, row=failure_row(path, why)), deps
        deps.update(self._deps(loader))
        row = build_row(path, result, self.plan_for(path).notes())
        analysis = FileAnalysis(
            path=path,
            row=row,
            spawns=[
                SpawnRecord(targets=s.targets, in_loop=s.in_loop, line=s.loc.line, desc=s.desc)
                for s in result.spawns
                if s.targets and s.loc.path == path
            ],
            served_sites=sorted({f"{loc.path}:{loc.line}" for loc in result.served_sites}),
            site_lines=sorted({r.loc.line for r in result.requests if r.loc.path == path}),
            markers=[MarkerRecord.of(marker) for marker in find_markers(parsed.text)],
            notes=loader.notes,
            reached=sorted({f"{where}:{line}" for where, line in result.reached}),
            stops=[StopRecord.of(stop) for stop in result.stops[:8]],
            unexplored=result.unexplored[:4],
            cache_patches=result.cache_patches[:4],
            runs_itself=result.runs_itself,
        )
        return analysis, deps

    def _deps(self, loader: DriverLoader) -> dict[str, Dep]:
        """The modules the analysis looked up, each with what of it the analysis could see."""
        found: dict[str, Dep] = {}
        for dep, blob in loader.deps.items():
            if dep == loader.entry_path:
                continue
            whole = blob in (ABSENT, "folder") or dep in loader.whole
            parsed = None if whole else self.store.parse(dep)
            if parsed is None or isinstance(parsed, ParseFailure):
                found[dep] = Dep(blob, None, blob)
                continue
            touched = tuple(sorted(loader.touched.get(dep, ())))
            found[dep] = Dep(blob, touched, _module_digest(self.store, dep, blob, touched))
        return found


# Digests by (blob, touched functions): a history computes each version's once.
_DIGESTS: dict[tuple[str, tuple[str, ...]], str] = {}
_DIGESTS_KEPT = 50_000


def _module_digest(store: ModuleStore, path: str, blob: str, touched: tuple[str, ...]) -> str:
    known = _DIGESTS.get((blob, touched))
    if known is None:
        from analyzers.interpret.relevant import digest

        parsed = store.parse(path)
        if isinstance(parsed, ParseFailure):
            return blob
        known = digest(parsed, touched)
        if len(_DIGESTS) >= _DIGESTS_KEPT:
            _DIGESTS.pop(next(iter(_DIGESTS)))
        _DIGESTS[(blob, touched)] = known
    return known


@cache
def code_fingerprint() -> str:
    """A digest of the analyzer's own source: a changed analyzer never reuses old results."""
    return source_fingerprint(Path(__file__).resolve().parent)


def _is_script(store: ModuleStore, path: str) -> bool:
    data = store.data(path)
    return isinstance(data, bytes) and is_python_script(data)


def audit_tree(
    tree: SourceTree,
    options: AuditOptions = AuditOptions(),
    *,
    cache: MutableMapping[str, str] | None = None,
    jobs: int | None = None,
) -> Report:
    """The report for one tree; bad files become rows or `skipped` entries, never exceptions.

    `jobs` caps the worker processes that analyse drivers in parallel (1: serial; None: the
    `LORA_AUDIT_JOBS` environment variable, else the cores this process may use). The report
    is the same for every `jobs`.
    """
    try:
        return _audit_tree(tree, options, cache, jobs)
    finally:
        # Each driver's analysis froze what was alive (`analyse_driver`): what this audit
        # parsed and built may be collected once it is over (a history audits thousands).
        gc.unfreeze()


def _audit_tree(
    tree: SourceTree,
    options: AuditOptions,
    cache: MutableMapping[str, str] | None,
    jobs: int | None,
) -> Report:
    # One byte search for both kinds of candidate: files that build adapter requests, and
    # files that start processes (a dispatcher names the driver it starts); files with a coding
    # cookie too, whose text is searched decoded when the codec can hide an ASCII needle.
    needles = (
        *PREFILTER_NEEDLES,
        *PROCESS_NEEDLES,
        *SCRIPT_NEEDLES,
        *WRITE_NEEDLES,
        *COOKIE_NEEDLES,
    )
    found = list(tree.candidates(needles))
    files = list(tree.files())
    store = ModuleStore(tree, files)
    # Python scripts without a suffix (`bin/evaluate`): few files have no suffix (LICENSE,
    # Makefile, scripts), and only those are read, in the scanned folder (a scoped tree lists
    # the repository around it as `../`).
    suffixless = {
        path
        for path in files
        if may_be_script(path) and not path.startswith("../") and _is_script(store, path)
    }
    found += sorted(path for path in suffixless if store.contains(path, needles))
    audit = _Audit(tree, options, cache, store, jobs=jobs)
    include, exclude = options.config.include, options.config.exclude

    def chosen(paths: Iterable[str]) -> list[str]:
        return [path for path in paths if kept(path)]

    def kept(path: str) -> bool:
        where = top_relative(tree, path)
        if path.endswith(".py"):
            return selected(where, include, exclude)
        # A notebook (or a script without a suffix) is included where a `.py` file of its name
        # would be, unless excluded by name.
        return (
            (is_notebook(path) or path in suffixless)
            and selected(top_relative(tree, stem(path) + ".py"), include, ())
            and selected(where, (), exclude)
        )

    spawning: list[str] = []
    writing: list[str] = []
    requesting: list[str] = []
    posting: list[str] = []
    unreadable: list[Evidence] = []
    for path in chosen(found):
        data = store.data(path)
        writes = store.contains(path, WRITE_NEEDLES)
        if isinstance(data, SourceError):
            # A blob a partial mirror lacks, a file that vanished: say so, never drop it silently.
            unreadable.append(Evidence(kind="artifact", where=path, detail=f"{UNREAD}{data.why}"))
        elif store.contains(path, PREFILTER_NEEDLES):
            requesting.append(path)
        elif store.contains(path, (*PROCESS_NEEDLES, *SCRIPT_NEEDLES)):
            spawning.append(path)  # a dispatcher, or a script that runs a helper module
        elif writes:
            writing.append(path)  # a trainer whose step may hand its saved folder to a driver
        if writes and store.contains(path, SEND_NEEDLES):
            posting.append(path)  # a client that may post the folder it saves to a route
    audit.feeds = _feeds(audit, posting)
    # The row invariant: every file with a request site (read from its syntax) is analysed and
    # gets a row, whether or not a run reaches the site.
    sites = discover_sites(store, requesting, lambda needles: chosen(tree.candidates(needles)))
    # A file whose only prefilter words are engine settings (`enable_lora=True`, `max_loras`
    # in a config class or a launcher) reaches requests only through a module that has a
    # site: it waits with the dispatchers until it names a driver. One naming a request word
    # (`lora_int_id`, `LoRARequest`) may make or change a request some other way, and one
    # `ast` cannot read may hold a site: those are analysed now.
    worded = [
        path
        for path in requesting
        if path not in sites
        and not store.contains(path, REQUEST_WORD_NEEDLES)
        and readable(store, path)
    ]
    audit.analyse_all(
        list(dict.fromkeys([*(path for path in requesting if path not in worded), *sites]))
    )
    _find_dispatchers(
        audit,
        [*worded, *(path for path in spawning if path not in sites)],
        [path for path in writing if path not in sites],
    )
    # A module whose sites no run reached, all at its top level (`LOAD_ROUTE =
    # "/v1/load_lora_adapter"` in a constants module), is used by what imports it: those run,
    # whatever their shape. (Sites in functions are run by library mode; following every
    # importer of those cost unsloth 12 s -> 60 s.)
    unreached = [
        path
        for path in sites
        if path in audit.analyses
        and audit.analyses[path].row is None
        and not any(site.scope for site in sites[path])
        and not is_notebook(path)  # nothing imports a notebook
    ]
    if unreached:
        stems = tuple(posixpath.basename(path)[:-3].encode() for path in unreached)
        audit.analyse_all(_importers(audit, unreached, chosen(tree.candidates(stems))))
    # notebooks and shell scripts (`python - <<PY`) call helpers too; they are read, not run
    scripts = [
        path
        for path in files
        if path.endswith((".ipynb", ".sh")) and selected(top_relative(tree, path), (), exclude)
    ]
    loose = _site_function_users(
        audit, sites, lambda needles: chosen(tree.candidates(needles)), scripts
    )
    rows = link_rows(audit.analyses, tree.commit, sites, loose)
    for row in rows:
        row_plan = audit.plan_for(row.path)
        pinned = row_plan.evidence()
        if pinned is not None:
            row.evidence.append(Evidence(kind="config", where=row_plan.where, detail=pinned))
    # The report's version: the drivers' one when they share it, else the scanned folder's.
    shared = {audit.plan_for(row.path) for row in rows}
    plan = shared.pop() if len(shared) == 1 else audit.plan_for("")
    report = Report(
        root=tree.label,
        commit=tree.commit,
        vllm_version=plan.text,
        vllm_version_source=plan.source,
        drivers=sorted(rows, key=lambda row: row.path),
    )
    skipped = _skipped(tree)
    listed = {entry.where for entry in skipped}
    skipped += [entry for entry in unreadable if entry.where not in listed]
    if skipped:
        report.skipped = skipped
    if plan.errors:
        report.config_errors = list(plan.errors)
    if audit.internal_errors:
        report.internal_errors = [
            f"{path}: {detail}" for path, detail in sorted(audit.internal_errors.items())
        ]
    return report


# What each process-starting file (path, blob) can name: parsed once per blob for a history.
_REFERENCES: dict[tuple[str, str], References | None] = {}
_REFERENCES_KEPT = 4096


def _find_dispatchers(audit: _Audit, spawning: list[str], writing: list[str]) -> None:
    """Files that start processes or run as scripts and name a driver: a string holding its
    file stem, or an import that resolves to it (`references.py`). A dispatcher starts it; a
    script may run the requests a helper module builds or serves, which the helper's row then
    takes. A found file is a driver for the next round, so callers of callers are found too.
    So are the modules of `writing` that name a driver and hand a folder they save weights
    into to another call (`judge/writers.py`): a trainer's step that the driver serves.

    A script that reaches a driver only through a module of no row of its own is not found
    through that module: following every module that names a driver sent most scripts of a
    framework repository to a whole analysis (ART 4 s -> 82 s) for rows none of them had. The
    module is, when it hands a saved folder over (`train.py` runs `Trainer.step()`, which saves
    the policy and calls `Generator.pairs(folder)`), and its step run twice shows the hazard."""
    seen: set[str] = set()
    for _ in range(_DISPATCH_ROUNDS):
        drivers = sorted(path for path, found in audit.analyses.items() if found.row is not None)
        new = [path for path in drivers if path not in seen]
        seen.update(drivers)
        # Stems shorter than three letters are too common to search for (the old rule).
        named = [path for path in new if len(posixpath.basename(path)) >= 6]
        # A module beside a driver that subclasses its classes (`PinnedRollout(BaseRollout)`
        # overriding how ids are made) is how scripts reach the driver: they count as it.
        named += _subclassing_siblings(audit, named)
        inits = _reexporting_inits(audit, named)
        waiting = [path for path in spawning if path not in audit.analyses]
        trainers = [path for path in writing if path not in audit.analyses]
        fresh = _naming(audit, named, inits, waiting)
        fresh += [
            path
            for path in _naming(audit, named, inits, trainers)
            if _hands_over_saved_folders(audit, path, named, inits)
        ]
        if not fresh:
            return
        audit.analyse_all(fresh)


def _importers(audit: _Audit, targets: list[str], paths: Iterable[str]) -> list[str]:
    """The files of `paths` not analysed yet that do work at their top level (a loop, a call,
    a `__main__` block) and whose imports can reach one of `targets`."""
    working = [
        path
        for path in paths
        if path not in audit.analyses
        and (tree := _ast_tree(audit, path)) is not None
        and any(map(_does_work, tree.body))
    ]
    return _referring(audit, working, targets)


def _does_work(statement: ast.stmt) -> bool:
    """A top-level statement that runs something: a loop, a `with`, a call, `__main__`."""
    import ast

    if isinstance(statement, ast.For | ast.While | ast.With | ast.AsyncFor | ast.AsyncWith):
        return True
    if isinstance(statement, ast.Expr):
        return isinstance(statement.value, ast.Call | ast.Await)
    if isinstance(statement, ast.If):
        return "__name__" in ast.dump(statement.test)
    return False


def _site_function_users(
    audit: _Audit,
    sites: Mapping[str, Sequence[RequestSite]],
    candidates: Callable[[tuple[bytes, ...]], list[str]],
    scripts: Sequence[str] = (),
) -> dict[str, list[str]]:
    """For each file with request sites in module-level functions, the other files that
    import it and call one of those functions by name (`evaluate(llm, ckpt)` in a sweep
    function or a trainer callback nothing in the repository calls, or a notebook or shell
    script of `scripts`). A helper's row takes its analysed callers' verdict only when they
    are all of these (`linking.py`)."""
    found: dict[str, list[str]] = {}
    store = audit.store
    for path, listed in sites.items():
        names = sorted({site.scope for site in listed if site.scope and "." not in site.scope})
        found_row = audit.analyses.get(path)
        if not names or found_row is None or found_row.row is None or is_notebook(path):
            continue  # (nothing imports a notebook's functions)
        stem = posixpath.basename(path)[:-3].encode()
        # a bare call (`evaluate(llm, ckpt)`) or one through the module (`lora_eval.evaluate(`),
        # not a method of the same name (`llm.generate(`)
        calls = re.compile(
            rb"(?:(?<![\w.])|(?<=\b"
            + re.escape(stem)
            + rb"\.))(?:"
            + b"|".join(re.escape(n.encode()) for n in names)
            + rb")\s*\("
        )
        calling = [
            other
            for other in candidates((stem,))
            if other != path and isinstance(data := store.data(other), bytes) and calls.search(data)
        ]
        users = _referring(audit, calling, [path])
        named = re.compile(
            rb"\b(?:from\s+[\w.]*\b" + stem + rb"\s+import|import\s+[\w.]*\b" + stem + rb"\b)"
        )
        for other in scripts:
            data = store.data(other)
            if isinstance(data, bytes) and named.search(data) and calls.search(data):
                users.append(other)
        if users:
            found[path] = users
    return found


# What each client file (path, blob) posts after a write: parsed once per blob for a history.
_FEEDS: dict[tuple[str, str], tuple[Feed, ...]] = {}


def _feeds(audit: _Audit, paths: list[str]) -> tuple[Feed, ...]:
    """The feeds of the client files `paths` (`files/posting.py`), in a stable order."""
    found: list[Feed] = []
    for path in paths:
        key = (path, audit.store.blob(path))
        if key not in _FEEDS:
            tree = _ast_tree(audit, path)
            if len(_FEEDS) >= _REFERENCES_KEPT:
                _FEEDS.pop(next(iter(_FEEDS)))
            try:
                _FEEDS[key] = tuple(feeds_of(tree, path)) if tree is not None else ()
            except RecursionError:  # nested too deeply to compare: no feed is claimed
                _FEEDS[key] = ()
        found.extend(_FEEDS[key])
    return tuple(sorted(found))


def _ast_tree(audit: _Audit, path: str) -> ast.Module | None:
    """The file's `ast` tree, or None when it cannot be read or parsed here."""
    from analyzers.files.references import parsed

    data = audit.store.data(path)
    return parsed(data, path) if isinstance(data, bytes) else None


def _reexporting_inits(audit: _Audit, named: list[str]) -> set[str]:
    """The `__init__.py` files importing a package may reach one of `named` through, read once
    per discovery round (`references.reexporting_inits`)."""
    from analyzers.files.references import reexporting_inits

    store = audit.store
    return reexporting_inits(named, store.files, store.package_roots, partial(_references, audit))


def _hands_over_saved_folders(audit: _Audit, path: str, named: list[str], inits: set[str]) -> bool:
    """Whether a function of the module at `path` saves weights into a folder and gives that
    folder to a call that may reach one of the drivers `named` (`judge/writers.py`); an
    unparsable file counts, as it may. `inits`: `_reexporting_inits` of `named`."""
    from analyzers.files.references import imports_elsewhere
    from analyzers.judge.writers import writer_functions

    tree = _ast_tree(audit, path)
    if tree is None:
        return True
    store = audit.store
    elsewhere = imports_elsewhere(
        tree, path, named, files=store.files, roots=store.package_roots, packages=inits
    )
    return bool(writer_functions(tree, elsewhere))


def _needles(audit: _Audit, named: list[str]) -> tuple[bytes, ...]:
    """What a file that names one of `named` holds: a file stem, or a name a package's
    `__init__.py` re-exports from it (`from rl import RolloutWorker` names `rl/rollout.py`)."""
    stems = {posixpath.basename(path)[:-3].encode() for path in named}
    exported = {name.encode() for path in named for name in _reexported_names(audit, path)}
    return tuple(sorted(stems | exported))


def _naming(audit: _Audit, named: list[str], inits: set[str], paths: Iterable[str]) -> list[str]:
    """The files of `paths` that can name one of `named` (`references.refers_to`); `inits`:
    `_reexporting_inits` of `named`."""
    needles = _needles(audit, named)
    if not needles:
        return []
    store = audit.store
    return _referring(
        audit, [path for path in paths if store.contains(path, needles)], named, inits
    )


def _referring(
    audit: _Audit, paths: Iterable[str], named: list[str], packages: set[str] | None = None
) -> list[str]:
    """The readable files of `paths` that can name one of `named` (`references.refers_to`);
    `packages`: the `__init__.py` files through which importing them may run one (None: the
    packages `named` sit in)."""
    from analyzers.files.references import refers_to

    store = audit.store
    return [
        path
        for path in paths
        if isinstance(store.data(path), bytes)
        and refers_to(
            _references(audit, path),
            path,
            named,
            store.files,
            store.package_roots,
            packages=packages,
        )
    ]


def _references(audit: _Audit, path: str) -> References | None:
    """What a file can name, read once per blob (None: unreadable or unparsable here)."""
    from analyzers.files.references import references_of

    key = (path, audit.store.blob(path))
    if key not in _REFERENCES:
        data = audit.store.data(path)
        if len(_REFERENCES) >= _REFERENCES_KEPT:
            _REFERENCES.pop(next(iter(_REFERENCES)))
        _REFERENCES[key] = references_of(data, path) if isinstance(data, bytes) else None
    return _REFERENCES[key]


def _reexported_names(audit: _Audit, path: str) -> set[str]:
    """The names the `__init__.py` of the packages around `path` import from it (`from
    .rollout import RolloutWorker` in `rl/__init__.py`), by which callers reach it."""
    from analyzers.files.references import parsed, reexported_from

    names: set[str] = set()
    module = path[:-3]
    folder = posixpath.dirname(path)
    while folder:
        init = f"{folder}/__init__.py"
        data = audit.store.data(init) if init in audit.store.files else None
        relative = module[len(folder) + 1 :].replace("/", ".")
        if isinstance(data, bytes) and relative.encode().rpartition(b".")[2] in data:
            tree = parsed(data, init)
            names |= reexported_from(tree, relative) if tree is not None else set()
        folder = posixpath.dirname(folder)
    names.discard("*")
    return {name for name in names if len(name) >= 3}


def _subclassing_siblings(audit: _Audit, drivers: list[str]) -> list[str]:
    """Modules in a driver's own folder, with no request site, that import it and subclass a
    class of it: the subclass may be what the repository's scripts use of the driver."""
    from analyzers.files.references import parsed, references_in, refers_to, subclasses_from

    by_folder: dict[str, list[str]] = {}
    for driver in drivers:
        by_folder.setdefault(posixpath.dirname(driver), []).append(driver)
    found = []
    for path in sorted(audit.store.files) if by_folder else ():
        near = by_folder.get(posixpath.dirname(path))
        if (
            not near
            or not path.endswith(".py")
            or path in audit.analyses
            or not audit.store.contains(path, (b"class ",))
            or not audit.store.contains(
                path, tuple(posixpath.basename(d)[:-3].encode() for d in near)
            )
        ):
            continue
        data = audit.store.data(path)
        tree = parsed(data, path) if isinstance(data, bytes) else None
        if tree is None:
            if isinstance(data, bytes):  # unparsable here: keep the sound answer
                found.append(path)
            continue
        if subclasses_from(tree, near) and refers_to(
            references_in(tree, path), path, near, audit.store.files, audit.store.package_roots
        ):
            found.append(path)
    return found


JOBS_ENV = "LORA_AUDIT_JOBS"
# Below this many fresh analyses a pool saves little: each worker parses the modules its drivers
# share again, and forking costs ~50 ms. Real repositories have 15-30 drivers.
_MIN_PARALLEL = 8
# Fewer drivers still get a pool when their last analyses in this process took this long
# together: a history sweep analyses the same two or three framework drivers again at commit
# after commit (LLaMA-Factory: three of 3-5 s each at most commits), where a pool pays at once.
_WORTH_A_POOL = 2.0
_LAST_SECONDS: dict[str, float] = {}  # driver path -> its last fresh analysis, in seconds
_LAST_KEPT = 4096
_Fresh = tuple[FileAnalysis, dict[str, Dep], str | None]
_INHERITED: dict[str, _Audit] = {}  # "audit": the one a forked worker inherited


def worker_count(fresh: int, jobs: int | None = None, *, predicted: float = 0.0) -> int:
    """How many processes analyse `fresh` drivers: `jobs`, else `LORA_AUDIT_JOBS`, else the
    cores this process may run on; 1 (serial) for few drivers (unless their analyses are
    `predicted` to take `_WORTH_A_POOL` seconds), where fork is unavailable, or in a daemonic
    process (a Celery prefork worker), which may not have children of its own."""
    if _daemonic():
        return 1
    if jobs is None:
        text = os.environ.get(JOBS_ENV, "").strip()
        jobs = int(text) if text.isdigit() else _cores()
    few = fresh < _MIN_PARALLEL and (fresh < 2 or predicted < _WORTH_A_POOL)
    if jobs <= 1 or few or not hasattr(os, "fork"):
        return 1
    return min(jobs, fresh)


def _predicted(paths: list[str]) -> float:
    """How long `paths` took at their last fresh analyses in this process (0 for new ones)."""
    return sum(_LAST_SECONDS.get(path, 0.0) for path in paths)


def _took(path: str, seconds: float) -> None:
    if path not in _LAST_SECONDS and len(_LAST_SECONDS) >= _LAST_KEPT:
        _LAST_SECONDS.pop(next(iter(_LAST_SECONDS)))
    _LAST_SECONDS[path] = seconds


def _daemonic() -> bool:
    import multiprocessing

    return bool(multiprocessing.current_process().daemon)


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _map_fresh(audit: _Audit, paths: list[str], jobs: int | None) -> list[_Fresh]:
    """Fresh analyses of `paths`, in order: serially, or in forked workers that inherit the
    audit (its tree and parsed modules) and hand back plain results."""
    count = worker_count(len(paths), jobs, predicted=_predicted(paths))
    if count == 1:
        done: list[_Fresh] = []
        for path in paths:
            started = time.perf_counter()
            done.append(audit.fresh(path))
            _took(path, time.perf_counter() - started)
            advance("analysing drivers", len(done), len(paths))
        return done
    import multiprocessing

    # Every driver goes to a worker, one at a time: an analysis takes from a tenth of a second to
    # several, so handing out runs of drivers (or analysing the first one here before the fork,
    # for the modules it would parse once for all) left one core idle behind the longest run;
    # a module both workers need is parsed twice, which costs far less (ms-swift: 21 s -> 18 s
    # on 2 cores, same report).
    _INHERITED["audit"] = audit
    answers: list[tuple[str, dict[str, Dep], str | None, int, float]] = []
    pool = None
    try:
        with _sigint_held():
            pool = multiprocessing.get_context("fork").Pool(count, initializer=_quiet_worker)
        for answer in pool.imap(_fresh_in_worker, paths):
            answers.append(answer)
            advance("analysing drivers", len(answers), len(paths))
        pool.close()
    finally:
        # After an error or Ctrl-C: stop the workers now rather than finish their drivers.
        if pool is not None:
            pool.terminate()
            pool.join()
        _INHERITED.clear()
    from analyzers.files.parsing import add_parses

    add_parses(sum(parses for *_, parses, _ in answers))
    for path, (*_, seconds) in zip(paths, answers, strict=True):
        _took(path, seconds)
    return [
        (FileAnalysis.model_validate_json(text), deps, error) for text, deps, error, *_ in answers
    ]


@contextmanager
def _sigint_held() -> Iterator[None]:
    """Hold Ctrl-C back while the pool forks: one arriving then would be raised inside an at-fork
    hook (logging's), where Python prints it as ignored and the scan runs on. Released after,
    it interrupts the parent at an ordinary point; the workers, which ignore it, drop it."""
    import signal

    held = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, held)


def _quiet_worker() -> None:
    """Ctrl-C is the parent's to handle: a worker that also caught it would print a traceback."""
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})  # held over the fork


def _fresh_in_worker(path: str) -> tuple[str, dict[str, Dep], str | None, int, float]:
    from analyzers.files.parsing import parse_count

    before, started = parse_count(), time.perf_counter()
    analysis, deps, error = _INHERITED["audit"].fresh(path)  # set before the fork
    seconds = time.perf_counter() - started
    return analysis.model_dump_json(), deps, error, parse_count() - before, seconds


def _skipped(tree: SourceTree) -> list[Evidence]:
    if not isinstance(tree, ReportsSkips):
        return []
    entries = tree.skipped
    out: list[Evidence] = []
    for entry in entries if isinstance(entries, list | tuple) else []:
        path, why = getattr(entry, "path", None), getattr(entry, "why", None)
        if isinstance(path, str) and isinstance(why, str):
            out.append(Evidence(kind="artifact", where=path, detail=why))
    return out
