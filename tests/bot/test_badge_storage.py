"""Badge state round-trips through a real Redis; suppressed rows do not count."""

from __future__ import annotations

import redis

from analyzers.model import DriverRow, Report, Suppression, Verdict
from bot.badge import BadgeState, load_badge_state, save_badge_state


def _row(path: str, verdict: Verdict, suppressed: Suppression | None = None) -> DriverRow:
    return DriverRow(path=path, line=1, verdict=verdict, reason="r", suppressed=suppressed)


def test_round_trip_is_case_insensitive(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    state = BadgeState(repo="Octo/Demo", sha="a" * 40, private=False)
    save_badge_state(client, state)
    assert load_badge_state(client, "octo/demo") == state
    assert load_badge_state(client, "octo/other") is None


def test_unreadable_state_is_none(redis_url: str) -> None:
    client = redis.Redis.from_url(redis_url)
    client.set("lora-audit:badge:octo/demo", b"{not json")
    assert load_badge_state(client, "octo/demo") is None


def test_from_report_leaves_out_reasoned_suppressions() -> None:
    ignored = Suppression(verdicts=[Verdict.AFFECTED], reason="vetted", line=1)
    bare = Suppression(verdicts=[Verdict.AFFECTED], reason=None, line=1)
    report = Report(
        root=".",
        drivers=[
            _row("a.py", Verdict.AFFECTED),
            _row("b.py", Verdict.AFFECTED, ignored),
            _row("c.py", Verdict.AFFECTED, bare),
            _row("d.py", Verdict.SAFE_DISTINCT_ID),
        ],
    )
    state = BadgeState.from_report(report, repo="o/r", sha="s", private=True)
    assert state.counts[Verdict.AFFECTED] == 2
    assert state.counts[Verdict.SAFE_DISTINCT_ID] == 1
    assert sum(state.counts.values()) == 3
