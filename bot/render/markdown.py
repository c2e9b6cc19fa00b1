"""Safe Markdown pieces for GitHub: escaped cells and code spans, and GitHub's length limits.

Paths, reasons and evidence come from the audited repository, so they are hostile input: they
are kept on one line, cut to a bounded length, cannot break a table, and cannot contain `<!--`
(so no text of theirs can ever look like one of the App's hidden markers).
"""

from __future__ import annotations

import re

from analyzers.model import Verdict

# GitHub rejects longer texts: check-run output summary/text 65535 characters,
# issue and comment bodies 65536. Lengths are counted in UTF-16 units to stay on the safe side.
CHECK_RUN_TEXT_LIMIT = 65535
BODY_LIMIT = 65536
CELL_LIMIT = 300
TRUNCATION_NOTE = "*… truncated: {hidden} more line(s) not shown (GitHub's length limit).*"

VERDICT_ICONS = {
    Verdict.AFFECTED: "🔴",
    Verdict.INDETERMINATE: "🟡",
    Verdict.NO_REALIZED_RUN: "⚪",
}
_SPACE = re.compile(r"\s+")


def gh_length(text: str) -> int:
    """Length as GitHub counts it (UTF-16 code units; never less than Python's len)."""
    return len(text.encode("utf-16-le")) // 2


def defang(text: str) -> str:
    """Break HTML comment openers and closers, so foreign text can never carry a marker."""
    return text.replace("<!--", "<\u200b!--").replace("-->", "--\u200b>")


def one_line(text: str, limit: int = CELL_LIMIT) -> str:
    flat = _SPACE.sub(" ", defang(text)).strip()
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def cell(text: str, limit: int = CELL_LIMIT) -> str:
    """Plain text for a table cell: one line, no raw HTML, pipes and Markdown escaped."""
    flat = one_line(text, limit)
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return re.sub(r"([\\`*_\[\]|#])", r"\\\1", flat)


def code(text: str, limit: int = CELL_LIMIT, *, in_table: bool = True) -> str:
    """An inline code span that holds any text (backticks included) on one line."""
    flat = one_line(text, limit)
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {flat} " if flat.startswith("`") or flat.endswith("`") or not flat else flat
    span = f"{fence}{padded}{fence}"
    return span.replace("|", "\\|") if in_table else span


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
