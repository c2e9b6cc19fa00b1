"""The badge's message, colour, SVG and shields.io JSON."""

from __future__ import annotations

from xml.etree import ElementTree

from analyzers.model import Verdict, empty_counts
from bot.badge import BadgeState
from bot.render.badge import badge_for, render_svg, shields_json


def _state(**counts: int) -> BadgeState:
    values = empty_counts()
    for name, count in counts.items():
        values[Verdict[name]] = count
    return BadgeState(repo="o/r", sha="s", private=False, counts=values)


def test_worst_verdict_wins() -> None:
    assert badge_for(_state(AFFECTED=2, INDETERMINATE=1)).message == "2 affected"
    assert badge_for(_state(INDETERMINATE=1, SAFE_DISTINCT_ID=9)).color == "yellow"
    assert badge_for(_state(SAFE_SINGLE_ADAPTER=1)).message == "safe"
    assert badge_for(_state()).message == "no drivers"


def test_svg_is_well_formed_and_sized_to_the_text() -> None:
    short = render_svg(badge_for(_state(SAFE_DISTINCT_ID=1)))
    long = render_svg(badge_for(_state(INDETERMINATE=12)))
    root = ElementTree.fromstring(short)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.get("aria-label") == "lora-audit: safe"
    assert int(ElementTree.fromstring(long).get("width") or 0) > int(root.get("width") or 0)


def test_shields_endpoint_schema() -> None:
    assert shields_json(badge_for(_state(AFFECTED=1))) == {
        "schemaVersion": 1,
        "label": "lora-audit",
        "message": "1 affected",
        "color": "red",
    }
