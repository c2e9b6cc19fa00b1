"""The report contract of DESIGN.md §2 and §4: verdicts, driver rows and the scan report."""

from __future__ import annotations

from enum import StrEnum
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_serializer, model_validator
from pydantic_core.core_schema import SerializerFunctionWrapHandler

from analyzers.events import ReplayRecord

SCHEMA_VERSION = 1
TOOL_NAME = "lora-audit"
TOOL_VERSION = "0.1.0"


class Verdict(StrEnum):
    """The closed set of verdicts; the spellings are part of the public contract."""

    AFFECTED = "Affected"
    SAFE_DISTINCT_ID = "Safe-distinct-id"
    SAFE_SINGLE_ADAPTER = "Safe-single-adapter"
    SAFE_FRESH_PROCESS = "Safe-fresh-process"
    SAFE_BY_EVICTION = "Safe-by-eviction"
    SAFE_PROBABILISTIC = "Safe-probabilistic"
    NO_REALIZED_RUN = "No-realized-run"
    INDETERMINATE = "Indeterminate"

    @property
    def is_safe(self) -> bool:
        return self.value.startswith("Safe-")


EvidenceKind = Literal["code", "replay", "history", "config", "artifact"]


class _Contract(BaseModel):
    """Base for report models: strict keys, and optional sections left out when unset.

    Keys named in ``_omit_when_none`` are extensions that appear only when they apply
    (``diff`` only with ``--base``, ``history`` only with ``--history``); every other key is
    always present, ``null`` included, because consumers index into them.
    """

    model_config = ConfigDict(extra="forbid", frozen=False)

    _omit_when_none: frozenset[str] = frozenset()

    @model_serializer(mode="wrap")
    def _drop_unset_extensions(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        data: dict[str, Any] = handler(self)
        for key in self._omit_when_none:
            if data.get(key) is None:
                data.pop(key, None)
        return data


class Site(_Contract):
    """One place a `LoRARequest` is built (or passed as `lora_request=`)."""

    line: int
    column: int
    id: str
    path: str


class Engine(_Contract):
    """One engine construction with the capacity the simulator used for it."""

    line: int
    max_loras: int | None = None
    max_cpu_loras: int | None = None
    capacity: int | None = None


class Evidence(_Contract):
    kind: EvidenceKind
    where: str
    detail: str


class VerdictSpan(_Contract):
    """Where one verdict held for a driver path across history (short shas)."""

    verdict: Verdict
    first_commit: str
    last_commit: str


class Suppression(_Contract):
    """An inline `# lora-audit: ignore[...]` that covers this row."""

    verdicts: list[Verdict]
    reason: str | None
    line: int


class DriverRow(_Contract):
    """One driver: a Python file that builds adapter requests or dispatches processes that do."""

    _omit_when_none = frozenset({"history", "at_head", "branches", "suppressed", "commit"})

    path: str
    line: int
    verdict: Verdict
    reason: str
    sites: list[Site] = Field(default_factory=list)
    engines: list[Engine] = Field(default_factory=list)
    replay: list[ReplayRecord] = Field(default_factory=list)
    requests: int = 0
    stale: int = 0
    bound: float | None = None
    evidence: list[Evidence] = Field(default_factory=list)
    suppressed: Suppression | None = None
    commit: str | None = None
    history: list[VerdictSpan] | None = None
    at_head: bool | None = None
    branches: list[str] | None = None


class DiffSummary(_Contract):
    base: str
    head: str
    newly_affected: list[str] = Field(default_factory=list)
    resolved: list[str] = Field(default_factory=list)
    still_affected: list[str] = Field(default_factory=list)
    newly_indeterminate: list[str] = Field(default_factory=list)


class FixCommit(_Contract):
    sha: str
    title: str | None = None
    exists: bool
    on_default_branch: bool


class ToolInfo(_Contract):
    name: str = TOOL_NAME
    version: str = TOOL_VERSION


VllmVersionSource = Literal[
    "uv.lock", "poetry.lock", "requirements.txt", "pyproject.toml", "config", "flag"
]


def empty_counts() -> dict[Verdict, int]:
    return dict.fromkeys(Verdict, 0)


class Report(_Contract):
    """The `scan --format json` document (schema_version 1)."""

    _omit_when_none = frozenset(
        {"diff", "fix_commits", "skipped", "config_errors", "internal_errors", "repository_path"}
    )

    schema_version: Literal[1] = 1
    tool: ToolInfo = Field(default_factory=ToolInfo)
    root: str
    commit: str | None = None
    vllm_version: str | None = None
    vllm_version_source: VllmVersionSource | None = None
    drivers: list[DriverRow] = Field(default_factory=list)
    counts: dict[Verdict, int] = Field(default_factory=empty_counts)
    diff: DiffSummary | None = None
    fix_commits: list[FixCommit] | None = None
    skipped: list[Evidence] | None = None
    config_errors: list[str] | None = None
    # Files the analyzer itself failed on ("path: what failed"); each also has an Indeterminate row.
    internal_errors: list[str] | None = None
    # Where `root` is inside its git repository ("" for the top), when it is in one: SARIF's URIs
    # and the Action's annotations are relative to the repository.
    repository_path: str | None = None

    @model_validator(mode="after")
    def _count_every_verdict(self) -> Report:
        """`counts` always holds all eight keys and always agrees with `drivers`."""
        self.recount()
        return self

    def recount(self) -> None:
        """Recompute `counts` after `drivers` was changed in place."""
        counts = empty_counts()
        for row in self.drivers:
            counts[row.verdict] += 1
        self.counts = counts

    @property
    def affected(self) -> list[DriverRow]:
        return [row for row in self.drivers if row.verdict is Verdict.AFFECTED]
