"""One file's analysis as a cacheable record: its own row, the processes it starts, its markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import BaseModel, ConfigDict, Field

from analyzers.files.suppression import Marker
from analyzers.judge.outcome import MAX_RECORDS
from analyzers.model import DriverRow, Engine, Evidence, Site, Verdict
from analyzers.vllm.cache import ConfigError, resolve_capacity

if TYPE_CHECKING:
    from analyzers.interpret.objects import EngineV
    from analyzers.interpret.trace import Stop
    from analyzers.judge.driver import DriverResult
    from analyzers.judge.outcome import Outcome


class SpawnRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    targets: list[str]
    in_loop: bool
    line: int
    desc: str


class MarkerRecord(BaseModel):
    model_config = ConfigDict(extra="forbid")

    line: int
    verdicts: list[Verdict]
    reason: str | None
    unknown: list[str] = Field(default_factory=list)

    @classmethod
    def of(cls, marker: Marker) -> MarkerRecord:
        return cls(
            line=marker.line,
            verdicts=list(marker.verdicts),
            reason=marker.reason,
            unknown=list(marker.unknown),
        )


class StopRecord(BaseModel):
    """Where and why a run of the file stopped early (`interpret.trace.Stop`, kept in the cache)."""

    model_config = ConfigDict(extra="forbid")

    kind: str
    detail: str
    where: str | None = None  # "path:line"

    @classmethod
    def of(cls, stop: Stop) -> StopRecord:
        return cls(
            kind=stop.kind.value, detail=stop.detail, where=str(stop.loc) if stop.loc else None
        )

    def text(self) -> str:
        return f"{self.detail} at {self.where}" if self.where else self.detail


class FileAnalysis(BaseModel):
    """Everything the audit needs from one file, without parsing it again."""

    model_config = ConfigDict(extra="forbid")

    path: str
    row: DriverRow | None = None
    spawns: list[SpawnRecord] = Field(default_factory=list)
    served_sites: list[str] = Field(default_factory=list)  # "path:line" served by its runs
    site_lines: list[int] = Field(default_factory=list)  # lines of this file that build requests
    markers: list[MarkerRecord] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    # For the row invariant: request sites (any file) the runs reached, and why runs stopped.
    reached: list[str] = Field(default_factory=list)  # "path:line"
    stops: list[StopRecord] = Field(default_factory=list)
    unexplored: list[str] = Field(default_factory=list)  # conditions left unexplored
    # vLLM adapter-cache code this file's runs replaced ("Class.method replaced at file:line")
    cache_patches: list[str] = Field(default_factory=list)
    # its own run (top level, `__main__`) served its requests: callers' rows add to its row,
    # never replace it (`linking.py`)
    runs_itself: bool = False


def engine_model(engine: EngineV) -> Engine:
    # The interpreter's values are imported here: a fully cached audit never needs them.
    from analyzers.interpret.values import as_int

    max_loras, max_cpu = as_int(engine.max_loras), as_int(engine.max_cpu_loras)
    capacity: int | None = None
    if engine.capacity_known:
        try:
            capacity = resolve_capacity(max_loras, max_cpu)
        except ConfigError:
            capacity = None
    return Engine(
        line=engine.loc.line, max_loras=max_loras, max_cpu_loras=max_cpu, capacity=capacity
    )


def _or_unknown(value: int | None) -> str:
    return "unknown" if value is None else str(value)


def sentence(parts: list[str]) -> str:
    text = "; ".join(part.rstrip(". ") for part in parts if part)
    return text + "." if text else ""


def build_row(path: str, result: DriverResult, version_notes: list[str]) -> DriverRow | None:
    from analyzers.interpret.values import describe

    outcome = result.outcome
    if outcome is None:
        return None
    own = [request for request in result.requests if request.loc.path == path]
    sites = [
        Site(
            line=r.loc.line,
            column=r.loc.column,
            id=r.id_text or (describe(r.lora_id) if r.lora_id is not None else "(none)"),
            path=r.path_text or (describe(r.path) if r.path is not None else "(none)"),
        )
        for r in own
    ]
    evidence = [
        Evidence(
            kind="code",
            where=f"{path}:{site.line}",
            detail=f"LoRARequest(id={site.id}, path={site.path})",
        )
        for site in sites
    ]
    for engine in result.engines:
        # Engines built in a helper module are cited there (Engine rows only carry a line).
        model = engine_model(engine)
        evidence.append(
            Evidence(
                kind="code",
                where=str(engine.loc),
                detail=f"{engine.kind} engine, capacity {_or_unknown(model.capacity)}",
            )
        )
    for where, what in outcome.focus:
        item = Evidence(kind="code", where=str(where), detail=what)
        if item not in evidence:
            evidence.append(item)
    if outcome.stale:
        first = outcome.focus[0][0] if outcome.focus else None
        evidence.append(
            Evidence(
                kind="replay",
                where=str(first) if first else path,
                detail=f"{outcome.stale} of {outcome.requests} requests served a stale adapter",
            )
        )
    for assumption in result.assumptions[:8]:
        evidence.append(Evidence(kind="config", where=path, detail=f"assumed: {assumption}"))
    line = _home_line(path, outcome, result, sites)
    reason = sentence([outcome.reason, *outcome.notes, *version_notes, *result.flips])
    return DriverRow(
        path=path,
        line=line,
        verdict=outcome.verdict,
        reason=reason,
        sites=sites,
        engines=[engine_model(e) for e in result.engines if e.loc.path == path],
        replay=outcome.records[:MAX_RECORDS],
        requests=outcome.requests,
        stale=outcome.stale,
        bound=outcome.bound,
        evidence=evidence,
    )


def _home_line(path: str, outcome: Outcome, result: DriverResult, sites: list[Site]) -> int:
    """The line of this file the verdict rests on: its request, else its own site, else the
    innermost call of this file that led to a request built in another (a script's
    `engine.run(make_request(ckpt))`)."""
    if outcome.line is not None and outcome.line.path == path:
        return outcome.line.line
    if sites:
        return sites[0].line
    chain = result.calls.get(outcome.line, ()) if outcome.line is not None else ()
    own = [loc.line for loc in chain if loc.path == path]
    return own[-1] if own else 1


def failure_row(path: str, why: str, line: int = 1) -> DriverRow:
    return DriverRow(
        path=path,
        line=line,
        verdict=Verdict.INDETERMINATE,
        reason=sentence([f"the file could not be analysed: {why}"]),
        evidence=[Evidence(kind="code", where=f"{path}:{line}", detail=why)],
    )
