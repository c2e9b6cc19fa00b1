"""Fix a tree's Affected drivers: for each row, try its rewrites best first, re-audit the tree
with the rewritten file in place, and keep the first whose re-scan is safe.

"Safe" is the analyzer's word, not the codemod's: the driver's row must come back `Safe-*`,
and no other row may get worse (newly Affected, or newly undecided where it was safe).
"""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Collection, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.concrete import parse_concrete
from analyzers.files.notebook import is_notebook
from analyzers.files.parsing import ParseFailure
from analyzers.files.source import SourceError, SourceTree
from analyzers.fix.overlay import OverlayTree
from analyzers.fix.rewrites import BUILDERS, Target
from analyzers.fix.sites import SERVER_LOAD, Parsed, request_call, unreadable_site
from analyzers.fix.spans import changed_span
from analyzers.model import DriverRow, Report, Verdict
from analyzers.vllm.fixes import Rewrite, rewrites_for
from analyzers.vllm.fixes import fix as fix_kind
from analyzers.vllm.releases import VllmVersion, parse_version

# Where a pin counts as the repository's own: `load_inplace=True` is written only for these
# (a `--vllm-version` flag says what to judge against, not what the code will run on).
REPOSITORY_PINS = frozenset(
    {"uv.lock", "poetry.lock", "requirements.txt", "pyproject.toml", "config"}
)
STALE_SERVE = "served a stale adapter"  # evidence details the judge writes (report/linking.py)
SERVED_FROM = "served from this driver"
_ENGINE = re.compile(r"^(\w+) engine, capacity ")
_REASON_LIMIT = 240


@dataclass(frozen=True)
class FileFix:
    """A driver made safe: the file's bytes before and after, and what the re-scan said."""

    path: str
    line: int  # the row's line before the rewrite
    rewrite: Rewrite
    before: bytes
    after: bytes
    verdict: Verdict  # the row's verdict on the re-scan
    reason: str  # ...and its reason

    def text(self, which: str = "after") -> str:
        data = self.after if which == "after" else self.before
        return data.decode(_encoding(data))


@dataclass(frozen=True)
class Refusal:
    """A driver left as it is, and why no rewrite was kept."""

    path: str
    line: int
    reason: str


@dataclass
class FixResult:
    report: Report  # the audit before any rewrite
    rescan: Report  # the audit with every kept rewrite in place
    fixed: list[FileFix] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)

    @property
    def remaining(self) -> list[DriverRow]:
        """Unsuppressed Affected rows of the re-scan (what `scan` would still exit 1 for)."""
        return [row for row in self.rescan.affected if row.suppressed is None]


def fix_tree(
    tree: SourceTree,
    options: AuditOptions | None = None,
    *,
    cache: MutableMapping[str, str] | None = None,
    paths: Collection[str] | None = None,
    allowed_lines: Mapping[str, Collection[int]] | None = None,
    report: Report | None = None,
) -> FixResult:
    """Rewrite the Affected drivers of `tree` (those in `paths`, when given) into safe forms.

    `allowed_lines`: path -> the only lines a rewrite of that file may touch (a pull request's
    changed lines); a rewrite outside them is passed over for the next one. `report`: the audit
    of `tree` with `options`, when the caller has it already. Nothing is written: the result
    holds each rewritten file's bytes.
    """
    run = _Run(
        tree,
        options if options is not None else AuditOptions(),
        cache if cache is not None else {},
        allowed_lines,
    )
    report = report if report is not None else run.audit({})
    result = FixResult(report=report, rescan=report)
    chosen = None if paths is None else {*paths, *_builders(report, paths)}
    targets = [
        row
        for row in report.affected
        if row.suppressed is None and (chosen is None or row.path in chosen)
    ]
    # Drivers whose requests are built elsewhere come last: fixing that file may fix them.
    targets.sort(key=lambda row: (not row.sites, row.path))
    for wanted in targets:
        row = _row(result.rescan, wanted.path)
        if row is None or row.verdict is not Verdict.AFFECTED:
            continue  # a rewrite of another file already made it safe
        outcome = run.fix_row(row, result.rescan, _pinned(report))
        if isinstance(outcome, Refusal):
            result.refused.append(outcome)
            continue
        fix, rescan = outcome
        result.fixed.append(fix)
        result.rescan = rescan
    return result


@dataclass
class _Run:
    tree: SourceTree
    options: AuditOptions
    cache: MutableMapping[str, str]
    allowed_lines: Mapping[str, Collection[int]] | None
    files: dict[str, bytes] = field(default_factory=dict)  # kept rewrites
    searches: dict[tuple[bytes, ...], Sequence[str]] = field(default_factory=dict)

    def audit(self, replaced: Mapping[str, bytes]) -> Report:
        overlay = OverlayTree(self.tree, {**self.files, **replaced}, self.searches)
        return audit_tree(overlay, self.options, cache=self.cache)

    def fix_row(
        self, row: DriverRow, current: Report, pinned: VllmVersion | None
    ) -> tuple[FileFix, Report] | Refusal:
        if not row.sites:
            built = ", ".join(_builders(current, [row.path])) or "another file"
            why = f"its requests are built in {built}, and no rewrite there made it safe"
            return Refusal(row.path, row.line, why)
        if is_notebook(row.path):
            # Its JSON is not the script the audit read (`files/notebook.py`): never rewritten.
            why = "a notebook is not rewritten; change the request in its code cell by hand"
            return Refusal(row.path, row.line, why)
        try:
            data = self.files.get(row.path) or self.tree.read(row.path)
            source = parse_concrete(row.path, data)
        except (SourceError, ParseFailure) as exc:
            return Refusal(row.path, row.line, f"the file cannot be rewritten: {exc}")
        parsed = Parsed(source)
        target = _target(parsed, row)
        tried = [
            found for site in row.sites if (found := unreadable_site(parsed, site)) is not None
        ]
        if any(SERVER_LOAD in why for why in tried):
            return Refusal(row.path, row.line, "; ".join(tried))
        # A new id that still collides, but only after the old one was evicted, is kept only
        # when no other distinct-id rewrite gives every adapter its own id.
        evicting: tuple[FileFix, Report] | None = None
        for rewrite in rewrites_for(new_content=_same_path_new_content(row), pinned=pinned):
            if not target.calls and rewrite.name != "remove-lora":
                continue  # only a removal can do without the request's own arguments
            if evicting is not None and rewrite.kind != "distinct-id":
                break
            edit = BUILDERS[rewrite.name](target)
            if isinstance(edit, str):
                tried.append(f"{rewrite.name}: {edit}")
                continue
            text = edit.apply(parsed.module).code
            after = text.encode(_encoding(data))
            if after == data:
                continue
            if not self._within(row.path, source.text, text):
                tried.append(f"{rewrite.name}: it changes lines outside the ones allowed")
                continue
            rescan = self.audit({row.path: after})
            problem = _worse(current, rescan, row.path)
            if problem is not None:
                tried.append(f"{rewrite.name}: {problem}")
                continue
            now = _row(rescan, row.path)
            assert now is not None  # _worse checked it
            fix = FileFix(row.path, row.line, rewrite, data, after, now.verdict, now.reason)
            if rewrite.kind == "distinct-id" and now.verdict is Verdict.SAFE_BY_EVICTION:
                evicting = evicting or (fix, rescan)
                continue
            return self._keep(fix, rescan)
        if evicting is not None:
            return self._keep(*evicting)
        if pinned is None or not fix_kind("load-inplace").available(pinned):
            tried.append(_no_load_inplace(pinned))
        return Refusal(row.path, row.line, "no rewrite is proven safe (" + "; ".join(tried) + ")")

    def _keep(self, fix: FileFix, rescan: Report) -> tuple[FileFix, Report]:
        self.files[fix.path] = fix.after
        return fix, rescan

    def _within(self, path: str, old: str, new: str) -> bool:
        if self.allowed_lines is None:
            return True
        span = changed_span(old, new)
        allowed = self.allowed_lines.get(path, ())
        return span is not None and all(line in allowed for line in span.old_lines)


def _no_load_inplace(pinned: VllmVersion | None) -> str:
    needs = fix_kind("load-inplace").condition()
    if pinned is None:
        return f"load-inplace: the repository pins no vLLM release (it needs {needs})"
    return f"load-inplace: the pinned vLLM {pinned} does not have it (it needs {needs})"


def _target(parsed: Parsed, row: DriverRow) -> Target:
    calls = []
    for site in row.sites:
        call = request_call(parsed, site.line, site.column)
        if call is not None and call not in calls:
            calls.append(call)
    serve_lines = []
    kinds = set()
    for item in row.evidence:
        path, _, rest = item.where.partition(":")
        line = rest.partition("@")[0]
        if item.detail == STALE_SERVE and path == row.path and line.isdigit():
            serve_lines.append(int(line))
        engine = _ENGINE.match(item.detail)
        if item.kind == "code" and engine is not None:
            kinds.add(engine.group(1))
    return Target(parsed, tuple(calls), tuple(sorted(set(serve_lines))), frozenset(kinds))


def _builders(report: Report, paths: Collection[str]) -> list[str]:
    """The files whose request sites the drivers at `paths` serve (helpers that build them)."""
    return sorted(
        {
            row.path
            for row in report.drivers
            for item in row.evidence
            if item.detail == SERVED_FROM and item.where.partition(":")[0] in paths
        }
    )


def _same_path_new_content(row: DriverRow) -> bool:
    """A stale serve of the very path asked for: its folder's weights changed under one id."""
    return any(record.stale and record.served == record.requested for record in row.replay)


def _pinned(report: Report) -> VllmVersion | None:
    if report.vllm_version is None or report.vllm_version_source not in REPOSITORY_PINS:
        return None
    try:
        return parse_version(report.vllm_version)
    except ValueError:
        return None


def _row(report: Report, path: str) -> DriverRow | None:
    return next((row for row in report.drivers if row.path == path), None)


def _short(text: str) -> str:
    return text if len(text) <= _REASON_LIMIT else text[: _REASON_LIMIT - 1].rstrip() + "…"


def _worse(before: Report, after: Report, path: str) -> str | None:
    """Why the re-scan `after` does not prove the rewrite of `path` safe, or None when it does."""
    row = _row(after, path)
    if row is None:
        return "the re-scan gives the file no row"
    if not row.verdict.is_safe:
        return f"the re-scan says {row.verdict.value}: {_short(row.reason)}"
    old = {item.path: item.verdict for item in before.drivers}
    for other in after.drivers:
        was = old.get(other.path)
        if other.path == path or was is other.verdict:
            continue
        if other.verdict is Verdict.AFFECTED or (
            other.verdict is Verdict.INDETERMINATE and was is not None and was.is_safe
        ):
            return f"the re-scan makes {other.path} {other.verdict.value}"
    return None


def _encoding(data: bytes) -> str:
    """The file's source encoding (a BOM or a coding cookie), so a rewrite keeps its bytes'."""
    try:
        encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
    except SyntaxError:
        return "utf-8"
    return encoding
