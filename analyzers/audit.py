"""Audit a source tree: find its drivers, analyse each (or reuse a cached analysis), report.

`audit_tree` reads only through the tree, never raises on bad input, and is deterministic.
A driver's cached analysis is keyed by the blob ids of the driver and of every same-repository
module its analysis looked up (found or not), the vLLM versions, the options and
`ANALYZER_VERSION`: auditing the same content again parses nothing, and changing one helper
re-analyses only the drivers that looked at it.
"""

from __future__ import annotations

import hashlib
import json
import os
import posixpath
from collections.abc import Iterable, MutableMapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Protocol, runtime_checkable

from analyzers.files.config import RepoConfig
from analyzers.files.discover import ABSENT, DriverLoader, ModuleStore, discover_sites, selected
from analyzers.files.encoding import COOKIE_NEEDLES
from analyzers.files.parsing import ParseFailure
from analyzers.files.project import top_relative
from analyzers.files.source import PROCESS_NEEDLES, SourceTree
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
from analyzers.vllm.api import PREFILTER_NEEDLES
from analyzers.vllm.version_plan import VersionPlan, plan_versions

DEBUG_ENV = "LORA_AUDIT_DEBUG"
# Bump when the analysis changes what it reports: every cached result becomes stale.
ANALYZER_VERSION = "2"
_DISPATCH_ROUNDS = 3


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

    def plan_for(self, path: str) -> VersionPlan:
        """The vLLM releases a driver is judged at: pins from its folder up to the top."""
        folder = posixpath.dirname(path)
        plan = self.plans.get(folder)
        if plan is None:
            config = self.options.config.vllm_version
            plan = plan_versions(self.tree, self.options.vllm_version, config, folder)
            self.plans[folder] = plan
        return plan

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
        ]
        return hashlib.sha256("\0".join(parts).encode()).hexdigest()

    def _result_key(self, base: str, deps: dict[str, str]) -> str:
        text = base + json.dumps(sorted(deps.items()))
        return hashlib.sha256(text.encode()).hexdigest()

    def _current(self, dep: str) -> str:
        if dep.endswith("/"):
            return "folder" if self.store.is_package_folder(dep[:-1]) else ABSENT
        return self.store.blob(dep)

    def analyse(self, path: str) -> FileAnalysis:
        known = self.analyses.get(path)
        if known is not None:
            return known
        base = self._base_key(path)
        cached = self._from_cache(base)
        if cached is None:
            cached, deps = self._fresh(path)
            if self.cache is not None and path not in self.internal_errors:
                self._remember_deps(base, deps)
                self.cache[f"file:{self._result_key(base, deps)}"] = cached.model_dump_json()
        self.analyses[path] = cached
        return cached

    def _recorded_dep_sets(self, base: str) -> list[list[str]]:
        """The dependency path sets earlier analyses of this exact driver blob looked at."""
        assert self.cache is not None
        recorded = json.loads(self.cache.get(f"deps:{base}") or "[]")
        if not isinstance(recorded, list):
            return []
        return [deps for deps in recorded if isinstance(deps, list)]

    def _remember_deps(self, base: str, deps: dict[str, str]) -> None:
        """Keep the last few dependency sets, so that a driver whose helper alternates between
        versions (a pull request's base and head, branches in a sweep) is found for each."""
        assert self.cache is not None
        try:
            known = self._recorded_dep_sets(base)
        except (ValueError, TypeError):
            known = []
        paths = sorted(deps)
        known = [paths, *(other for other in known if other != paths)][:_DEP_SETS_KEPT]
        self.cache[f"deps:{base}"] = json.dumps(known)

    def _from_cache(self, base: str) -> FileAnalysis | None:
        """A stored result whose every dependency still has the blob it had then, or None.

        The result key holds the blob id of every dependency the analysis read (absent modules
        included), so a hit is exactly an analysis of the same inputs.
        """
        if self.cache is None:
            return None
        try:
            for paths in self._recorded_dep_sets(base):
                current = {dep: self._current(dep) for dep in paths}
                stored = self.cache.get(f"file:{self._result_key(base, current)}")
                if stored:
                    return FileAnalysis.model_validate_json(stored)
        except (ValueError, TypeError):
            pass  # a damaged cache entry is recomputed, never trusted
        return None

    def _fresh(self, path: str) -> tuple[FileAnalysis, dict[str, str]]:
        # Imported here: a fully cached audit never needs libcst or the interpreter.
        from analyzers.files.program import Module, module_name_for
        from analyzers.judge.driver import analyse_driver

        loader = DriverLoader(self.store, path)
        deps = {path: self.store.blob(path)}
        parsed = self.store.parse(path)
        if isinstance(parsed, ParseFailure):
            return FileAnalysis(path=path, row=failure_row(path, parsed.why, parsed.line)), deps
        name, package = module_name_for(path)
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
        deps.update(loader.deps)
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
        )
        return analysis, deps


@cache
def code_fingerprint() -> str:
    """A digest of the analyzer's own source: a changed analyzer never reuses old results."""
    digest = hashlib.sha256()
    package = Path(__file__).resolve().parent
    for source in sorted(package.rglob("*.py")):
        digest.update(source.relative_to(package).as_posix().encode())
        digest.update(source.read_bytes())
    return digest.hexdigest()


def audit_tree(
    tree: SourceTree,
    options: AuditOptions = AuditOptions(),
    *,
    cache: MutableMapping[str, str] | None = None,
) -> Report:
    """The report for one tree; bad files become rows or `skipped` entries, never exceptions."""
    # One byte search for both kinds of candidate: files that build adapter requests, and
    # files that start processes (a dispatcher names the driver it starts); files with a coding
    # cookie too, whose text is searched decoded when the codec can hide an ASCII needle.
    found = tree.candidates((*PREFILTER_NEEDLES, *PROCESS_NEEDLES, *COOKIE_NEEDLES))
    files = list(tree.files())
    store = ModuleStore(tree, files)
    audit = _Audit(tree, options, cache, store)
    include, exclude = options.config.include, options.config.exclude

    def chosen(paths: Iterable[str]) -> list[str]:
        return [
            path
            for path in paths
            if path.endswith(".py") and selected(top_relative(tree, path), include, exclude)
        ]

    spawning: list[str] = []
    requesting: list[str] = []
    for path in chosen(found):
        if store.contains(path, PREFILTER_NEEDLES):
            requesting.append(path)
        elif store.contains(path, PROCESS_NEEDLES):
            spawning.append(path)
    # The row invariant: every file with a request site (read from its syntax) is analysed and
    # gets a row, whether or not a run reaches the site.
    sites = discover_sites(store, requesting, lambda needles: chosen(tree.candidates(needles)))
    for path in dict.fromkeys([*requesting, *sites]):
        audit.analyse(path)
    _find_dispatchers(audit, [path for path in spawning if path not in sites])
    rows = link_rows(audit.analyses, tree.commit, sites)
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
    if skipped:
        report.skipped = skipped
    if plan.errors:
        report.config_errors = list(plan.errors)
    if audit.internal_errors:
        report.internal_errors = [
            f"{path}: {detail}" for path, detail in sorted(audit.internal_errors.items())
        ]
    return report


def _find_dispatchers(audit: _Audit, spawning: list[str]) -> None:
    """Files that start processes and name a driver (its file name or module name)."""
    seen: set[str] = set()
    for _ in range(_DISPATCH_ROUNDS):
        drivers = sorted(path for path, found in audit.analyses.items() if found.row is not None)
        stems = {posixpath.basename(path)[:-3] for path in drivers if path not in seen}
        seen.update(drivers)
        needles = tuple(stem.encode() for stem in sorted(stems) if len(stem) >= 3)
        fresh = [
            path
            for path in spawning
            if path not in audit.analyses and needles and audit.store.contains(path, needles)
        ]
        if not fresh:
            return
        for path in fresh:
            audit.analyse(path)


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
