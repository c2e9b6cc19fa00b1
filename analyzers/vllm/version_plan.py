"""Which vLLM releases a verdict is computed for: the pinned one, plus one of each other behaviour.

The cache semantics change at 0.11.0 (ids < 1 rejected) and 0.15.0 (`load_inplace`); a verdict
is computed at the pinned release and at a representative of each other range, so a verdict
that flips between releases can say so. Unpinned, the worst of the ranges is reported.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzers.files.source import SourceTree
from analyzers.model import VllmVersionSource
from analyzers.vllm.lockfiles import pinned_vllm_version
from analyzers.vllm.releases import (
    ID_CHECK_SINCE,
    LOAD_INPLACE_SINCE,
    NEWEST_KNOWN,
    VllmVersion,
    parse_version,
)

REPRESENTATIVES = (VllmVersion(0, 10, 2), VllmVersion(0, 14, 0), NEWEST_KNOWN)


def behaviour(version: VllmVersion) -> int:
    return (version >= ID_CHECK_SINCE) + (version >= LOAD_INPLACE_SINCE)


@dataclass(frozen=True)
class VersionPlan:
    text: str | None
    source: VllmVersionSource | None
    primary: VllmVersion | None
    versions: tuple[VllmVersion, ...]
    errors: tuple[str, ...] = field(default=())
    where: str = ""  # the file that pins it, or how it was given

    def evidence(self) -> str | None:
        if self.text is None:
            return None
        return f"judged for vLLM {self.text} ({self.source})"

    def notes(self) -> list[str]:
        return [] if self.primary is not None else ["the vLLM version is not pinned"]


def plan_versions(tree: SourceTree, flag: str | None, configured: str | None) -> VersionPlan:
    errors: list[str] = []
    candidates: list[tuple[str, VllmVersionSource]] = []
    if flag:
        candidates.append((flag, "flag"))
    if configured:
        candidates.append((configured, "config"))
    for text, source in candidates:
        try:
            version = parse_version(text)
        except ValueError as exc:
            errors.append(f"{source}: {exc}; ignored")
            continue
        where = "--vllm-version" if source == "flag" else ".github/lora-audit.yml"
        return _pinned(text.strip(), source, version, errors, where)
    pinned = pinned_vllm_version(tree)
    if pinned is not None:
        version = parse_version(pinned.version)
        return _pinned(pinned.version, pinned.source, version, errors, pinned.path)
    return VersionPlan(None, None, None, REPRESENTATIVES, tuple(errors))


def _pinned(
    text: str, source: VllmVersionSource, version: VllmVersion, errors: list[str], where: str
) -> VersionPlan:
    others = tuple(v for v in REPRESENTATIVES if behaviour(v) != behaviour(version))
    return VersionPlan(text, source, version, (version, *others), tuple(errors), where)
