"""Inline suppressions: `# lora-audit: ignore[Affected] <reason>` on a site line.

A suppression keeps the row and marks it; one without a reason is not honoured and is reported,
so a finding cannot be silenced without saying why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from analyzers.model import Verdict

_MARKER = re.compile(r"#\s*lora-audit:\s*ignore(?:\[(?P<verdicts>[^\]]*)\])?(?P<reason>.*)$")
_VERDICTS = {verdict.value.lower(): verdict for verdict in Verdict}


@dataclass(frozen=True)
class Marker:
    """One `# lora-audit: ignore[...]` comment."""

    line: int
    verdicts: tuple[Verdict, ...]  # empty: every verdict
    reason: str | None
    unknown: tuple[str, ...] = ()  # verdict names that are not in the closed set

    def covers(self, verdict: Verdict) -> bool:
        return not self.verdicts or verdict in self.verdicts


def find_markers(text: str) -> list[Marker]:
    markers: list[Marker] = []
    if "lora-audit:" not in text:
        return markers
    for number, line in enumerate(text.splitlines(), start=1):
        if "lora-audit:" not in line:
            continue
        match = _MARKER.search(line)
        if match is None:
            continue
        names = [n.strip() for n in (match.group("verdicts") or "").split(",") if n.strip()]
        verdicts = tuple(_VERDICTS[n.lower()] for n in names if n.lower() in _VERDICTS)
        unknown = tuple(n for n in names if n.lower() not in _VERDICTS)
        reason = match.group("reason").strip().lstrip(":-—").strip() or None
        markers.append(Marker(number, verdicts, reason, unknown))
    return markers
