"""GitHub's length limits, and the App's own Markdown pieces (verdict labels, short shas).

Text from the audited repository never goes in here: it goes through `bot.render.inert`.
"""

from __future__ import annotations

from analyzers.model import Verdict

# GitHub rejects longer texts: check-run output summary/text 65535 characters,
# issue and comment bodies 65536. Lengths are counted in UTF-16 units to stay on the safe side.
CHECK_RUN_TEXT_LIMIT = 65535
BODY_LIMIT = 65536
TRUNCATION_NOTE = "*… truncated: {hidden} more line(s) not shown (GitHub's length limit).*"

VERDICT_ICONS = {
    Verdict.AFFECTED: "🔴",
    Verdict.INDETERMINATE: "🟡",
    Verdict.NO_REALIZED_RUN: "⚪",
}


def gh_length(text: str) -> int:
    """Length as GitHub counts it (UTF-16 code units; never less than Python's len)."""
    return len(text.encode("utf-16-le")) // 2


def verdict_label(verdict: Verdict) -> str:
    icon = VERDICT_ICONS.get(verdict, "🟢" if verdict.is_safe else "")
    return f"{icon} {verdict.value}".strip()


def short_sha(sha: str | None) -> str:
    return (sha or "unknown")[:12]


def clip(markdown: str, limit: int) -> str:
    """`markdown` cut at a line boundary to fit `limit`, with a note saying what was cut.

    A code block left open by the cut is closed, so the note renders as text.
    """
    if gh_length(markdown) <= limit:
        return markdown
    lines = markdown.split("\n")
    kept: list[str] = []
    used = 0
    reserve = gh_length(TRUNCATION_NOTE) + 32  # the note, its count and a closing fence
    for line in lines:
        cost = gh_length(line) + 1
        if used + cost > limit - reserve:
            break
        kept.append(line)
        used += cost
    hidden = len(lines) - len(kept)
    if sum(1 for line in kept if line.lstrip().startswith("```")) % 2:
        kept.append("```")
    return "\n".join([*kept, "", TRUNCATION_NOTE.format(hidden=hidden)])
