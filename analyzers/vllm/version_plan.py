"""Which vLLM releases a verdict is computed for: the pinned one, plus one of each other behaviour.

The cache semantics change at 0.11.0 (ids < 1 rejected) and 0.15.0 (`load_inplace`); a verdict
is computed at the pinned release and at a representative of each other range, so a verdict
that flips between releases can say so. Unpinned, the worst of the ranges is reported; a range
such as `vllm>=0.15` keeps only the behaviours it allows. A pin outside the releases modelled
(`vllm-lora-cache.md`) is judged by the nearest modelled behaviour, and every reason says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from analyzers.files.source import SourceTree
from analyzers.model import VllmVersionSource
from analyzers.vllm.lockfiles import PinnedVersion, VersionRange, find_vllm_requirement
from analyzers.vllm.releases import (
    ID_CHECK_SINCE,
    LOAD_INPLACE_SINCE,
    NEWEST_KNOWN,
    OLDEST_KNOWN,
    VllmVersion,
    parse_version,
)

REPRESENTATIVES = (VllmVersion(0, 10, 2), VllmVersion(0, 14, 0), NEWEST_KNOWN)
# The words every surface uses for an unpinned version (the App's bot/render says the same).
UNPINNED = "vLLM version not pinned: each verdict is the worst across vLLM releases"
UNPINNED_ROW = "vLLM version not pinned: this is the worst verdict across vLLM releases"


def behaviour(version: VllmVersion) -> int:
    return (version >= ID_CHECK_SINCE) + (version >= LOAD_INPLACE_SINCE)


def _probes() -> list[VllmVersion]:
    """Release numbers a range is tested against, per behaviour (patch levels 0 to 2)."""
    found = [OLDEST_KNOWN]
    for minor in range(OLDEST_KNOWN.minor, NEWEST_KNOWN.minor + 1):
        found += [VllmVersion(0, minor, patch) for patch in range(3)]
    return sorted({v for v in found if OLDEST_KNOWN <= v <= NEWEST_KNOWN})


def outside_modelled(version: VllmVersion) -> str | None:
    """Why a release is not one of those modelled, or None when it is."""
    if version < OLDEST_KNOWN:
        return (
            f"vLLM {version} is older than the releases modelled ({OLDEST_KNOWN} to "
            f"{NEWEST_KNOWN}): judged by {OLDEST_KNOWN.series}'s cache behaviour"
        )
    if version > NEWEST_KNOWN:
        return (
            f"vLLM {version} is newer than the releases modelled ({OLDEST_KNOWN} to "
            f"{NEWEST_KNOWN}): judged by {NEWEST_KNOWN.series}'s cache behaviour"
        )
    return None


@dataclass(frozen=True)
class VersionPlan:
    text: str | None
    source: VllmVersionSource | None
    primary: VllmVersion | None
    versions: tuple[VllmVersion, ...]
    errors: tuple[str, ...] = field(default=())
    where: str = ""  # the file that pins it, or how it was given
    specifier: str | None = None  # an unpinned requirement's range, e.g. ">=0.15"
    outside: str | None = None  # why a pin or range lies outside the releases modelled

    def evidence(self) -> str | None:
        if self.text is not None:
            detail = f"judged for vLLM {self.text} ({self.source})"
        elif self.specifier is not None:
            shown = ", ".join(str(v) for v in self.versions)
            detail = (
                f"vllm{self.specifier} ({self.where}): judged for the releases it allows "
                f"({shown}), the worst verdict kept"
            )
        else:
            return None
        return f"{detail}; {self.outside}" if self.outside else detail

    def notes(self) -> list[str]:
        notes = []
        if self.primary is None:
            if self.specifier:
                notes.append(
                    f"vLLM version not pinned (vllm{self.specifier} in {self.where}): this is "
                    f"the worst verdict across the vLLM releases it allows"
                )
            else:
                notes.append(UNPINNED_ROW)
        if self.outside:
            notes.append(self.outside)
        return notes

    @property
    def header(self) -> str:
        """The report-level sentence about the version, for the table and Markdown."""
        if self.text is not None:
            return f"vLLM {self.text} (from {self.source})"
        if self.specifier is not None:
            return (
                f"vLLM version not pinned (vllm{self.specifier} in {self.where}): each verdict "
                f"is the worst across the vLLM releases it allows"
            )
        return UNPINNED


def plan_versions(
    tree: SourceTree, flag: str | None, configured: str | None, folder: str = ""
) -> VersionPlan:
    """The plan for drivers in `folder` (lock files are looked for from there up to the top)."""
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
    found = find_vllm_requirement(tree, folder)
    if isinstance(found, PinnedVersion):
        version = parse_version(found.version)
        return _pinned(found.version, found.source, version, errors, found.path)
    if isinstance(found, VersionRange) and found.specifier:
        return _ranged(found, errors)
    return VersionPlan(None, None, None, REPRESENTATIVES, tuple(errors))


def _pinned(
    text: str, source: VllmVersionSource, version: VllmVersion, errors: list[str], where: str
) -> VersionPlan:
    others = tuple(v for v in REPRESENTATIVES if behaviour(v) != behaviour(version))
    return VersionPlan(
        text, source, version, (version, *others), tuple(errors), where,
        outside=outside_modelled(version),
    )  # fmt: skip


def _ranged(found: VersionRange, errors: list[str]) -> VersionPlan:
    """One release per behaviour the range allows (the usual representative when it can)."""
    allowed = [v for v in _probes() if found.allows(str(v))]
    chosen: list[VllmVersion] = []
    for kind in sorted({behaviour(v) for v in allowed}):
        usual = [v for v in REPRESENTATIVES if behaviour(v) == kind and v in allowed]
        chosen.append(usual[0] if usual else max(v for v in allowed if behaviour(v) == kind))
    outside = None
    if not chosen:
        chosen = list(REPRESENTATIVES)
        outside = (
            f"vllm{found.specifier} allows none of the releases modelled ({OLDEST_KNOWN} to "
            f"{NEWEST_KNOWN}): judged across all of them"
        )
    return VersionPlan(
        None, None, None, tuple(chosen), tuple(errors), found.path,
        specifier=found.specifier, outside=outside,
    )  # fmt: skip
