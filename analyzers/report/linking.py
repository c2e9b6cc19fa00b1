"""Rows that depend on other files: helpers served by callers, dispatchers of child scripts,
inline suppressions, and `@commit` on evidence.

A helper module's requests are judged where they are served: its row takes its callers' verdict,
unless its own run (a `__main__` block) served them and is worse: then its own row stands.
A dispatcher that starts a driver once per cell is `Safe-fresh-process` (the child's own row
decides its exposure); one that starts it once for all cells gets the child's verdict.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from analyzers.files.sites import RequestSite
from analyzers.judge.outcome import SEVERITY
from analyzers.model import DriverRow, Evidence, Suppression, Verdict
from analyzers.report.rows import FileAnalysis, sentence
from analyzers.report.unreached import unreached_row

_WHERE = re.compile(r"^[^@\s]+:\d+$")


def link_rows(
    analyses: dict[str, FileAnalysis],
    commit: str | None,
    sites: Mapping[str, Sequence[RequestSite]] | None = None,
    users: Mapping[str, Sequence[str]] | None = None,
) -> list[DriverRow]:
    """One row per file: its own, or (for a file with request sites and none) one that says
    which site no run reached and why; then helpers, dispatchers, suppressions. `users`: the
    files that call a helper's functions with sites by name (`audit._site_function_users`)."""
    sites = sites or {}
    rows = {path: _own_copy(a.row) for path, a in analyses.items() if a.row is not None}
    for path, found in sites.items():
        if path not in rows and path in analyses:
            rows[path] = unreached_row(path, found, analyses[path], analyses)
    _mirror_helpers(rows, analyses, sites, users or {})
    _dispatchers(rows, analyses)
    for path, row in rows.items():
        _suppress(row, analyses[path])
        if commit:
            short = commit[:7]
            for item in row.evidence:
                if _WHERE.match(item.where):
                    item.where = f"{item.where}@{short}"
    return list(rows.values())


def _own_copy(row: DriverRow) -> DriverRow:
    """A copy of a stored row that linking and the report may change: its fields are reassigned
    and its evidence appended to or suffixed (`@commit`), never its other lists changed in place,
    so only the evidence is copied (a deep copy of every row was a tenth of a warm history)."""
    return row.model_copy(update={"evidence": [item.model_copy() for item in row.evidence]})


def _mirror_helpers(
    rows: dict[str, DriverRow],
    analyses: dict[str, FileAnalysis],
    syntax: Mapping[str, Sequence[RequestSite]],
    users: Mapping[str, Sequence[str]],
) -> None:
    # Each row as it was before any helper took a caller's verdict (fields are only read and
    # reassigned, never changed in place, so a shallow copy keeps them).
    own = {path: row.model_copy() for path, row in rows.items()}

    sites = {
        path: {
            f"{path}:{line}"
            for line in {*analysis.site_lines, *(site.line for site in syntax.get(path, ()))}
        }
        for path, analysis in analyses.items()
    }
    served = {path: set(analysis.served_sites) for path, analysis in analyses.items()}

    def serves(caller: str, path: str) -> bool:
        return bool(sites[path] & served[caller])

    def drives(caller: str, path: str) -> bool:
        return bool(sites[path]) and sites[path] <= served[caller]

    for path, row in rows.items():
        if not sites[path]:
            continue
        callers = [
            own[other]
            for other in analyses
            if other != path and other in own and serves(other, path)
        ]
        if not callers:
            continue
        # A caller that another of them drives (every one of its sites served there too) is a
        # helper whose row takes its callers' verdict: its own run, as unseen callers would use
        # it, speaks no more for this file than for itself. Unless they all drive one another.
        driven = [
            caller
            for caller in callers
            if any(other is not caller and drives(other.path, caller.path) for other in callers)
        ]
        if driven and len(driven) < len(callers):
            callers = [caller for caller in callers if caller not in driven]
        decisive = max(callers, key=lambda caller: SEVERITY[caller.verdict])
        names = ", ".join(sorted(caller.path for caller in callers))
        # Callers whose runs the analysis never made (a sweep function, a trainer callback
        # that nothing in the repository calls) may use the helper as its own row supposes.
        unrun = [user for user in users.get(path, ()) if user not in {c.path for c in callers}]
        there = f"({decisive.verdict.value} there)"
        kept = None  # why the file's own, worse row stands beside its callers'
        if unrun and SEVERITY[row.verdict] > SEVERITY[decisive.verdict]:
            kept = (
                f"its requests are served by {names} {there}, but {', '.join(unrun[:3])} also "
                f"call{'s' if len(unrun) == 1 else ''} it from code no analysed run reaches"
            )
        elif analyses[path].runs_itself and SEVERITY[row.verdict] >= SEVERITY[decisive.verdict]:
            # The file's own run (`python evalck.py`) is one its callers' runs do not replace.
            kept = f"its requests are also served by {names} {there}"
        if kept is not None:
            row.reason = sentence([row.reason.rstrip("."), kept])
            continue
        row.verdict = decisive.verdict
        row.reason = sentence(
            [
                f"the requests built here are served by {names}",
                f"its verdict applies: {decisive.verdict.value} ({decisive.reason.rstrip('.')})",
            ]
        )
        patches = analyses[path].cache_patches
        if decisive.verdict is Verdict.AFFECTED and patches:
            # The caller's run never loaded this file's patch of vLLM's cache, but the
            # deployment may (a worker module imports it): the stale repeat is not certain.
            row.verdict = Verdict.INDETERMINATE
            row.reason = sentence(
                [
                    f"the requests built here are served by {names}, which is "
                    f"{decisive.verdict.value} with vLLM's own adapter cache "
                    f"({decisive.reason.rstrip('.')})",
                    f"but this file replaces vLLM's cache code ({patches[0]}), so whether a "
                    f"repeated lora_int_id is re-read depends on the patched code",
                ]
            )
        row.replay, row.requests, row.stale, row.bound = (
            decisive.replay,
            decisive.requests,
            decisive.stale,
            decisive.bound,
        )
        row.evidence.append(
            Evidence(
                kind="code",
                where=f"{decisive.path}:{decisive.line}",
                detail="served from this driver",
            )
        )


def _dispatchers(rows: dict[str, DriverRow], analyses: dict[str, FileAnalysis]) -> None:
    for _ in range(3):
        changed = False
        for path, analysis in analyses.items():
            found = _dispatch_row(path, analysis, rows)
            if found is None:
                continue
            current = rows.get(path)
            if current is None or (
                current.reason != found.reason
                and SEVERITY[found.verdict] > SEVERITY[current.verdict]
            ):
                if current is not None:
                    found.sites, found.engines = current.sites, current.engines
                rows[path] = found
                changed = True
        if not changed:
            return


def _dispatch_row(
    path: str, analysis: FileAnalysis, rows: dict[str, DriverRow]
) -> DriverRow | None:
    best: DriverRow | None = None
    for spawn in analysis.spawns:
        for target in spawn.targets:
            child = rows.get(target)
            if child is None or target == path:
                continue
            names = sorted({record.name for record in child.replay if record.name is not None})
            if spawn.in_loop and names and child.verdict.is_safe:
                # A fresh client process does not empty the server it loads adapters into.
                verdict = Verdict.INDETERMINATE
                reason = sentence(
                    [
                        f"each cell runs {target} in a fresh process (started in a loop at "
                        f"{path}:{spawn.line}), but {target} loads adapters into a vLLM server "
                        f"(named {', '.join(names[:3])}), which a new client process does not "
                        f"empty: if the server outlives the cells, a later cell's load of a "
                        f"name an earlier cell loaded is refused (HTTP 400) and it is served "
                        f"the earlier adapter",
                        f"{target}'s own row: {child.verdict.value}",
                    ]
                )
            elif spawn.in_loop:
                verdict = Verdict.SAFE_FRESH_PROCESS
                reason = sentence(
                    [
                        f"each cell runs {target} in a fresh process (started in a loop at "
                        f"{path}:{spawn.line}), so every cell starts with an empty adapter cache",
                        f"{target}'s own row decides its exposure ({child.verdict.value})",
                    ]
                )
            else:
                verdict = child.verdict
                reason = sentence(
                    [
                        f"{path}:{spawn.line} starts {target} once for all cells, not once per "
                        f"cell, so {target}'s own verdict applies: {child.verdict.value}",
                        child.reason.rstrip("."),
                    ]
                )
            candidate = DriverRow(
                path=path,
                line=spawn.line,
                verdict=verdict,
                reason=reason,
                replay=child.replay if verdict is child.verdict else [],
                requests=child.requests if verdict is child.verdict else 0,
                stale=child.stale if verdict is child.verdict else 0,
                bound=child.bound if verdict is child.verdict else None,
                evidence=[
                    Evidence(
                        kind="code",
                        where=f"{path}:{spawn.line}",
                        detail=f"starts {target}: {spawn.desc}",
                    ),
                    Evidence(
                        kind="code",
                        where=f"{target}:{child.line}",
                        detail=f"child verdict {child.verdict.value}",
                    ),
                ],
            )
            if best is None or SEVERITY[candidate.verdict] > SEVERITY[best.verdict]:
                best = candidate
    return best


def _suppress(row: DriverRow, analysis: FileAnalysis) -> None:
    lines = {row.line, *analysis.site_lines, *(site.line for site in row.sites)}
    for marker in analysis.markers:
        if marker.line not in lines:
            continue
        if marker.unknown:
            row.evidence.append(
                Evidence(
                    kind="config",
                    where=f"{row.path}:{marker.line}",
                    detail=f"ignore names unknown verdicts: {', '.join(marker.unknown)}",
                )
            )
        if marker.verdicts and row.verdict not in marker.verdicts:
            continue
        if marker.reason is None:
            row.evidence.append(
                Evidence(
                    kind="config",
                    where=f"{row.path}:{marker.line}",
                    detail="lora-audit: ignore without a reason is not honoured; add why after it",
                )
            )
            continue
        row.suppressed = Suppression(
            verdicts=marker.verdicts or [row.verdict], reason=marker.reason, line=marker.line
        )
        return
