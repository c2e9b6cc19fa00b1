"""Hostile text stays inert: inside its span or cell, no mention, reference, link or marker."""

from __future__ import annotations

import re

import pytest

from bot.render.inert import ZERO_WIDTH, code, defang, escaped, neutralise, plain
from bot.render.markdown import clip, gh_length

# What GitHub would act on in Markdown text: a mention, a reference, a link, raw HTML.
MENTION = re.compile(r"(?<![\w`])@[A-Za-z0-9]")
REFERENCE = re.compile(r"(?:^|[\s(])#\d|[\w.-]+/[\w.-]+#\d|\bGH-\d", re.IGNORECASE)
LINK = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*://|\bwww\.|\]\(", re.IGNORECASE)
HOSTILE = [
    "@octocat please look",
    "fixes #123 and octo/other#7 and GH-12",
    "see https://evil.example/x and www.evil.example",
    "mail admin@evil.example",
    "<img src=x onerror=alert(1)>",
    "line one\nline two\r\n| forged | row |",
    "[click](https://evil.example)",
    "`code` ``more`` ```",
    "<!-- lora-audit:pr -->",
    "evil\u202egnp.py",
]


def test_defang_breaks_comment_markers() -> None:
    hostile = "x <!-- lora-audit:pr --> y"
    assert "<!--" not in defang(hostile)
    assert "-->" not in defang(hostile)


@pytest.mark.parametrize("text", HOSTILE)
def test_escaped_text_does_nothing_on_github(text: str) -> None:
    rendered = escaped(text)
    assert "\n" not in rendered
    assert "\r" not in rendered
    assert not MENTION.search(rendered)
    assert not REFERENCE.search(rendered.replace("\\#", "#"))
    assert not LINK.search(rendered.replace("\\]", "").replace("\\[", ""))
    assert "<" not in rendered
    assert "|" not in rendered.replace("\\|", "")
    assert "`" not in rendered.replace("\\`", "")
    assert "\u202e" not in rendered


@pytest.mark.parametrize("text", HOSTILE)
def test_plain_text_breaks_triggers_but_keeps_the_words(text: str) -> None:
    rendered = plain(text)
    assert not MENTION.search(rendered)
    assert not LINK.search(rendered.replace("](", ""))
    assert rendered.replace(ZERO_WIDTH, "").replace("\ufffd", "") == " ".join(
        text.replace("\u202e", "").replace("<!--", "<\u200b!--").replace(ZERO_WIDTH, "").split()
    )


def test_neutralise_is_invisible() -> None:
    assert neutralise("@octocat #1 GH-2 https://x www.y a@b.c") == (
        f"@{ZERO_WIDTH}octocat #{ZERO_WIDTH}1 GH{ZERO_WIDTH}-2 https{ZERO_WIDTH}://x "
        f"www{ZERO_WIDTH}.y a@{ZERO_WIDTH}b.c"
    )
    assert neutralise("a normal path/to/file.py:12") == "a normal path/to/file.py:12"


def test_cells_are_cut() -> None:
    assert len(escaped("x" * 1000, 50)) == 50
    assert escaped("x" * 1000, 50).endswith("…")


def _span_parts(span: str) -> tuple[str, str]:
    fence = span[: len(span) - len(span.lstrip("`"))]
    return fence, span[len(fence) : len(span) - len(fence)]


@pytest.mark.parametrize(
    "text", ["plain.py", "has`tick.py", "``double``", "`edge", "a|b.py", "", *HOSTILE]
)
def test_code_spans_hold_any_text(text: str) -> None:
    span = code(text, in_table=False)
    fence, inner = _span_parts(span)
    assert inner.strip() == " ".join(defang(text.replace("\u202e", "\ufffd")).split())
    assert fence not in inner
    assert "\n" not in span


def test_pipes_in_table_code_spans_stay_escaped_whatever_precedes_them() -> None:
    """GitHub's cell splitter reads `\\x` pairs first: `a\\|b` must not become `a\\\\|b`."""
    for text in ["a|b", "a\\|b", "a\\\\|b", "a\\\\\\|b", "x\\"]:
        span = code(text)
        # Scan as cmark-gfm does: a backslash escapes the next character, a bare | ends the cell.
        index = 0
        while index < len(span):
            if span[index] == "\\":
                index += 2
                continue
            assert span[index] != "|", (text, span)
            index += 1
        assert "\\|" not in code(text, in_table=False) or "\\|" in text


def test_clip_keeps_short_text_and_cuts_long_text_at_a_line() -> None:
    short = "a\nb"
    assert clip(short, 100) == short
    long = "\n".join(f"line {index}" for index in range(10_000))
    clipped = clip(long, 2000)
    assert gh_length(clipped) <= 2000
    assert "more line(s) not shown" in clipped
    assert all(line.startswith(("line ", "*…")) or not line for line in clipped.split("\n"))


def test_clip_closes_an_open_code_block() -> None:
    text = "intro\n```mermaid\n" + "\n".join("x" * 50 for _ in range(200)) + "\n```\nend"
    clipped = clip(text, 1000)
    assert clipped.count("```") % 2 == 0
    assert clipped.rstrip().endswith("GitHub's length limit).*")


def test_length_counts_utf16_units() -> None:
    assert gh_length("🔴") == 2
    assert gh_length("a") == 1
