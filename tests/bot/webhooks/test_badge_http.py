"""Badge round trip: the workers store a state, the app serves SVG and shields.io JSON from it."""

from __future__ import annotations

import redis

from analyzers.model import Verdict, empty_counts
from bot.badge import BadgeState, save_badge_state
from tests.bot.webhooks.conftest import Web


def _save(web: Web, repo: str, *, private: bool = False, **counts: int) -> None:
    values = empty_counts()
    for name, count in counts.items():
        values[Verdict[name]] = count
    state = BadgeState(repo=repo, sha="a" * 40, private=private, counts=values)
    save_badge_state(redis.Redis.from_url(web.redis_url), state)


def test_affected_badge(web: Web) -> None:
    _save(web, "Octo/Demo", AFFECTED=1, SAFE_DISTINCT_ID=3, INDETERMINATE=1)
    svg = web.client.get(f"{web.url}/badge/octo/demo.svg")
    assert svg.status_code == 200
    assert svg.headers["content-type"] == "image/svg+xml"
    assert svg.headers["cache-control"] == "public, max-age=300"
    assert svg.text.startswith("<svg ")
    assert "lora-audit: 1 affected" in svg.text
    assert "#e05d44" in svg.text
    endpoint = web.client.get(f"{web.url}/badge/Octo/Demo.json")
    assert endpoint.json() == {
        "schemaVersion": 1,
        "label": "lora-audit",
        "message": "1 affected",
        "color": "red",
        "cacheSeconds": 300,
    }
    assert endpoint.headers["cache-control"] == "public, max-age=300"


def test_safe_and_indeterminate_badges(web: Web) -> None:
    _save(web, "octo/safe", SAFE_DISTINCT_ID=2, NO_REALIZED_RUN=1)
    _save(web, "octo/unsure", SAFE_DISTINCT_ID=2, INDETERMINATE=2)
    _save(web, "octo/empty")
    _save(web, "octo/dotted.name", SAFE_BY_EVICTION=1)

    def message(repo: str) -> tuple[str, str]:
        body = web.client.get(f"{web.url}/badge/{repo}.json").json()
        return body["message"], body["color"]

    assert message("octo/safe") == ("safe", "brightgreen")
    assert message("octo/unsure") == ("2 indeterminate", "yellow")
    assert message("octo/empty") == ("no drivers", "lightgrey")
    assert message("octo/dotted.name") == ("safe", "brightgreen")


def test_unknown_private_and_never_audited_look_exactly_the_same(web: Web) -> None:
    _save(web, "octo/secret", private=True, AFFECTED=4)  # an old record saying it is private
    client = redis.Redis.from_url(web.redis_url)
    client.set(
        "lora-audit:badge:octo/legacy",
        BadgeState(repo="octo/legacy", sha="b" * 40, private=True).model_dump_json(),
    )
    for kind in ("svg", "json"):
        answers = [
            web.client.get(f"{web.url}/badge/{repo}.{kind}")
            for repo in ("octo/secret", "octo/legacy", "octo/never-audited", "nobody/nothing")
        ]
        first = answers[0]
        assert first.status_code == 200
        for other in answers[1:]:
            assert (other.status_code, other.content) == (first.status_code, first.content)
            assert other.headers["cache-control"] == first.headers["cache-control"]
            assert other.headers["content-type"] == first.headers["content-type"]
    assert web.client.get(f"{web.url}/badge/nobody/nothing.json").json() == {
        "schemaVersion": 1,
        "label": "lora-audit",
        "message": "unknown",
        "color": "lightgrey",
        "cacheSeconds": 300,
    }
    svg = web.client.get(f"{web.url}/badge/nobody/nothing.svg")
    assert svg.headers["content-type"] == "image/svg+xml"
    assert "lora-audit: unknown" in svg.text
    assert "#9f9f9f" in svg.text
    # The same cache lifetime as a known badge: headers say nothing either.
    _save(web, "octo/known", SAFE_DISTINCT_ID=1)
    known = web.client.get(f"{web.url}/badge/octo/known.svg")
    assert known.headers["cache-control"] == svg.headers["cache-control"]
    assert web.client.get(f"{web.url}/badge/octo/secret.png").status_code == 404


def test_a_private_state_is_never_stored_and_a_public_one_expires(web: Web) -> None:
    client = redis.Redis.from_url(web.redis_url)
    _save(web, "octo/was-public", AFFECTED=1)
    assert 0 < client.ttl("lora-audit:badge:octo/was-public") <= 15 * 86400
    _save(web, "octo/was-public", private=True, AFFECTED=1)  # an audit after it turned private
    assert client.exists("lora-audit:badge:octo/was-public") == 0
    body = web.client.get(f"{web.url}/badge/octo/was-public.json").json()
    assert body["message"] == "unknown"


def test_health(web: Web) -> None:
    assert web.client.get(f"{web.url}/healthz").json() == {"status": "ok"}
    assert web.client.get(f"{web.url}/readyz").json() == {"status": "ready"}
