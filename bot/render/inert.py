"""Text from the audited repository, made inert for GitHub: it renders as itself and does nothing.

Paths, reasons, evidence, branch names, config errors and replayed strings are written by
whoever can open a pull request. On GitHub, `@name` is a mention (a notification), `#12`,
`owner/repo#12` and `GH-12` are references (a backlink in someone else's timeline), bare URLs,
`www.` names and e-mail addresses become live links, HTML passes through, and a stray backtick,
`|` or newline can end a code span, a table cell or a line. Every renderer puts such text
through one of these, and nothing else:

- `code()`: an inline code span no text can leave (GitHub never mentions, references or links
  inside code), for paths, ids and other literal values;
- `escaped()`: Markdown text with every trigger broken by an invisible zero-width space and every
  Markdown and HTML character escaped, for sentences (reasons, evidence, titles of fix commits);
- `plain()`: the same triggers broken but nothing escaped, for fields GitHub shows as plain text
  yet still links (issue titles, annotation messages).

Each also keeps the text on one line, cut to a bounded length, and unable to look like one of the
App's hidden `<!-- lora-audit:... -->` markers.
"""

from __future__ import annotations

import re

CELL_LIMIT = 300
ZERO_WIDTH = "\u200b"

_SPACE = re.compile(r"\s+")
# Bidirectional overrides can make a path read as another one; other controls are invisible.
_CONTROLS = re.compile(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\u202a-\u202e\u2066-\u2069]")
# `@user`, `@org/team` and e-mail addresses; `#12`, `owner/repo#12`, `GH-12`; `scheme://`, `www.`
_TRIGGERS = re.compile(
    r"(?P<at>@)(?=[A-Za-z0-9_])"
    r"|(?P<hash>#)(?=\d)"
    r"|(?<=\bGH)(?P<gh>-)(?=\d)"
    r"|(?<=[A-Za-z0-9])(?P<scheme>:)(?=//)"
    r"|(?<=\bwww)(?P<www>\.)",
    re.IGNORECASE,
)
_MARKDOWN = re.compile(r"([\\`*_\[\]|#~$])")
_TABLE_PIPE = re.compile(r"(\\*)\|")


def defang(text: str) -> str:
    """Break HTML comment openers and closers, so foreign text can never carry a marker."""
    return text.replace("<!--", f"<{ZERO_WIDTH}!--").replace("-->", f"--{ZERO_WIDTH}>")


def one_line(text: str, limit: int = CELL_LIMIT) -> str:
    """`text` on one line (whitespace runs become one space), without controls, cut to `limit`."""
    flat = _SPACE.sub(" ", defang(_CONTROLS.sub("\ufffd", text))).strip()
    return flat if len(flat) <= limit else flat[: limit - 1].rstrip() + "…"


def neutralise(text: str) -> str:
    """Break every mention, reference and autolink trigger with an invisible zero-width space.

    It goes after `@` and `#`, and before `-` of `GH-12`, `:` of `scheme://` and `.` of `www.`,
    so none of GitHub's patterns can match any more.
    """

    def broken(match: re.Match[str]) -> str:
        char = match.group(0)
        after = match.group("at") or match.group("hash")
        return f"{char}{ZERO_WIDTH}" if after else f"{ZERO_WIDTH}{char}"

    return _TRIGGERS.sub(broken, text)


def plain(text: str, limit: int = CELL_LIMIT) -> str:
    """One inert line for a plain-text field (an issue title, an annotation's message)."""
    return neutralise(one_line(text, limit))


def escaped(text: str, limit: int = CELL_LIMIT) -> str:
    """Inert Markdown text: one line, no HTML, no Markdown, no mention, reference or link.

    Safe in a table cell too: a `|` is escaped, and so is every backslash before it.
    """
    flat = neutralise(one_line(text, limit))
    flat = flat.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return _MARKDOWN.sub(r"\\\1", flat)


def code(text: str, limit: int = CELL_LIMIT, *, in_table: bool = True) -> str:
    """An inline code span that holds any text (backticks included) on one line.

    Its fence is one backtick longer than the longest run inside. In a table (`in_table`) each
    `|` is escaped for GitHub's cell splitter, which reads `\\x` pairs first: a zero-width space
    after any backslash that precedes a `|` keeps that pipe escaped, so the cell cannot end early.
    """
    flat = one_line(text, limit)
    longest = max((len(run) for run in re.findall(r"`+", flat)), default=0)
    fence = "`" * (longest + 1)
    padded = f" {flat} " if flat.startswith("`") or flat.endswith("`") or not flat else flat
    span = f"{fence}{padded}{fence}"
    if not in_table:
        return span
    return _TABLE_PIPE.sub(_escape_pipe, span)


def _escape_pipe(match: re.Match[str]) -> str:
    backslashes = match.group(1)
    return f"{backslashes}{ZERO_WIDTH}\\|" if backslashes else "\\|"
