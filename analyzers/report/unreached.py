"""The row of a file whose request sites no analysed run reached: Indeterminate, and why.

A silent drop is as bad as a false Safe, so such a file is never left without a row: it names
the first site (from the file's syntax) and what stopped the runs that might have reached it
(a raise, the step budget, branches not explored), or that nothing the analysis ran calls the
function the site is in.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from analyzers.files.sites import RequestSite, SiteKind
from analyzers.model import DriverRow, Evidence, Site, Verdict
from analyzers.report.rows import FileAnalysis, sentence
from analyzers.vllm.api import SERVE_METHOD_NAMES

_SHOWN = 8  # sites and stops cited as evidence


def unreached_row(
    path: str,
    sites: Sequence[RequestSite],
    analysis: FileAnalysis,
    analyses: Mapping[str, FileAnalysis],
) -> DriverRow:
    first = sites[0]
    more = f" (and {len(sites) - 1} more)" if len(sites) > 1 else ""
    written = [site for site in sites if site.kind is not SiteKind.GENERATED]
    if written:
        first = written[0]
        lead = f"no analysed run reached the request site {first.where(path)}{more}"
        reason = sentence([f"{lead}: {_why(path, first, analysis, analyses)}"])
    else:
        reason = sentence(
            [
                f"adapter requests are built or served in source code held in a string "
                f"({first.where(path)}), which the analysis does not run; what it serves "
                f"is unknown"
            ]
        )
    evidence = [
        Evidence(kind="code", where=f"{path}:{site.line}", detail=f"{site.what}: not reached")
        for site in sites[:_SHOWN]
    ]
    evidence += [
        Evidence(kind="code", where=stop.where or path, detail=f"a run stopped: {stop.detail}")
        for stop in analysis.stops[:_SHOWN]
    ]
    return DriverRow(
        path=path,
        line=first.line,
        verdict=Verdict.INDETERMINATE,
        reason=reason,
        sites=[
            Site(line=site.line, column=site.column, id="?", path="?")
            for site in sites
            if site.kind is SiteKind.REQUEST
        ],
        evidence=evidence,
    )


def _why(
    path: str, site: RequestSite, analysis: FileAnalysis, analyses: Mapping[str, FileAnalysis]
) -> str:
    parts: list[str] = []
    here = f"{path}:{site.line}"
    callers = sorted(
        other for other, found in analyses.items() if other != path and here in found.reached
    )
    if callers:
        parts.append(f"the runs of {', '.join(callers[:3])} reach it but serve nothing from it")
    stops = [stop.text() for stop in analysis.stops]
    if stops:
        parts.append(f"the runs stopped early ({'; '.join(stops[:3])})")
    if analysis.unexplored:
        shown = "; ".join(analysis.unexplored[:2])
        parts.append(f"not every combination of run-time conditions was explored (e.g. {shown})")
    if analysis.notes:
        parts.append(analysis.notes[0])
    if site.foreign:
        parts.append(
            f"{site.what.removesuffix('(...)')} is not defined in the repository (it comes from "
            f"another package), so what it builds is unknown"
        )
    where = f"{site.scope}() never runs it" if site.scope else "the top level never gets there"
    callee = site.what.split("(")[0]
    if not parts and site.kind is SiteKind.SERVE and callee not in SERVE_METHOD_NAMES:
        # `model.run_generation(prompts, lora_request=model.adapter_request(path))`: a call
        # of another package's code, handed a request; following it into that code is not
        # possible, and the run may well have got there.
        parts.append(
            f"either {where}, or {callee}() is another package's code, which the analysis "
            f"does not follow: what it serves is unknown"
        )
    if not parts and site.kind is SiteKind.ROUTE:
        # `urlopen(Request(url, data=...))` names the route but is no `.post(url, json=...)`
        parts.append(
            f"either {where}, or the URL is sent by a call the analysis does not model as a "
            f"post to vLLM's server (it models `.post(url, json=...)` and `.request(method, "
            f"url, json=...)` of requests, httpx and aiohttp)"
        )
    if not parts:
        if site.scope:
            parts.append(
                f"either nothing the analysis ran calls {site.scope}(), or the code before the "
                f"site in it never leads there (a loop over nothing, a branch not taken)"
            )
        else:
            parts.append("the file's top level never gets there")
    return "; ".join(parts)
