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


def test_private_and_unknown_look_the_same(web: Web) -> None:
    _save(web, "octo/secret", private=True, AFFECTED=4)
    private = [web.client.get(f"{web.url}/badge/octo/secret.{kind}") for kind in ("svg", "json")]
    unknown = [web.client.get(f"{web.url}/badge/octo/nothing.{kind}") for kind in ("svg", "json")]
    for response in private + unknown:
        assert response.status_code == 404
        assert response.content == b'{"message":"Not Found"}'
        assert response.headers["cache-control"] == "no-cache"
    assert web.client.get(f"{web.url}/badge/octo/secret.png").status_code == 404


def test_health(web: Web) -> None:
    assert web.client.get(f"{web.url}/healthz").json() == {"status": "ok"}
    assert web.client.get(f"{web.url}/readyz").json() == {"status": "ready"}
