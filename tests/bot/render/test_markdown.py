"""Hostile text stays inside its cell and can never look like a marker; limits are kept."""

from __future__ import annotations

import pytest

from bot.render.markdown import cell, clip, code, defang, gh_length


def test_defang_breaks_comment_markers() -> None:
    hostile = "x <!-- lora-audit:pr --> y"
    assert "<!--" not in defang(hostile)
    assert "-->" not in defang(hostile)


@pytest.mark.parametrize("text", ["a|b", "a\nb|c", "`x`", "<b>", "*bold*", "[link](u)", "#1"])
def test_cells_are_one_escaped_line(text: str) -> None:
    rendered = cell(text)
    assert "\n" not in rendered
    assert "|" not in rendered.replace("\\|", "")
    assert "<" not in rendered
    assert "`" not in rendered.replace("\\`", "")


def test_cells_are_cut() -> None:
    assert len(cell("x" * 1000, 50)) == 50
    assert cell("x" * 1000, 50).endswith("…")


@pytest.mark.parametrize("text", ["plain.py", "has`tick.py", "``double``", "`edge", "a|b.py", ""])
def test_code_spans_hold_any_text(text: str) -> None:
    span = code(text, in_table=False)
    fence = span[: len(span) - len(span.lstrip("`"))]
    inner = span[len(fence) : len(span) - len(fence)]
    assert inner.strip() == text
    assert fence not in inner
    assert "\\|" in code("a|b")
    assert "\\|" not in code("a|b", in_table=False)


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
