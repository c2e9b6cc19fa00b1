"""The text of a suggested change: what is wrong in one sentence, what the change does, and the
```suggestion block GitHub turns into a one-click commit."""

from __future__ import annotations

import re
from collections.abc import Sequence

from analyzers.model import DriverRow
from bot.render.inert import code, escaped

REASON_LIMIT = 400


def render_suggestion(row: DriverRow, *, done: str, verdict: str, lines: Sequence[str]) -> str:
    """The body of the review comment (the caller adds its marker).

    `lines` are the file's lines as they would be after the change; they are code, shown as
    themselves inside a fence longer than any backtick run they hold, so nothing in them can
    end the block or render as Markdown.
    """
    longest = max((len(run) for line in lines for run in re.findall(r"`{3,}", line)), default=2)
    fence = "`" * (longest + 1)
    block = "\n".join([f"{fence}suggestion", *lines, fence])
    return (
        f"**lora-audit**: {code(row.path, in_table=False)} serves a stale LoRA adapter: "
        f"{escaped(row.reason, REASON_LIMIT)}\n\n"
        f"This change makes it safe ({escaped(done)}); re-scanned with it, the driver is "
        f"{code(verdict, in_table=False)}. `lora-audit fix` makes the same change locally.\n\n"
        f"{block}\n"
    )
