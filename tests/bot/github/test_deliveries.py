"""Failed webhook deliveries, one per GUID, and redelivery through the App's JWT routes."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.github import GitHubApp
from tests.standin import GitHubStandIn

PAYLOAD = {"action": "opened", "installation": {"id": 7}, "repository": {"id": 99}}


def test_only_guids_that_never_succeeded(app: GitHubApp, github_standin: GitHubStandIn) -> None:
    recovered = github_standin.add_delivery("pull_request", PAYLOAD, status_code=503, guid="A")
    github_standin.add_delivery("pull_request", PAYLOAD, status_code=202, guid="A")
    github_standin.add_delivery("push", PAYLOAD, status_code=502, guid="B")
    newest_b = github_standin.add_delivery("push", PAYLOAD, status_code=0, guid="B")
    github_standin.add_delivery("ping", PAYLOAD, status_code=200, guid="C")
    for index in range(150):  # more than one page
        github_standin.add_delivery("push", PAYLOAD, status_code=202, guid=f"ok-{index}")
    failed = app.list_failed_deliveries()
    assert [(item.guid, item.id, item.status_code) for item in failed] == [("B", newest_b.id, 0)]
    assert failed[0].installation_id == 7
    assert failed[0].repository_id == 99
    assert recovered.id not in {item.id for item in failed}
    assert all(call.auth == "jwt" for call in github_standin.calls(path="^/app/hook"))


def test_since_limits_how_far_back(app: GitHubApp, github_standin: GitHubStandIn) -> None:
    github_standin.add_delivery("push", PAYLOAD, status_code=502, guid="old")
    with github_standin.state.lock:
        for delivery in github_standin.state.deliveries.values():
            delivery.delivered_at = "2020-01-01T00:00:00Z"
    github_standin.add_delivery("push", PAYLOAD, status_code=502, guid="new")
    since = datetime.now(UTC) - timedelta(hours=1)
    assert [item.guid for item in app.list_failed_deliveries(since=since)] == ["new"]
    assert {item.guid for item in app.list_failed_deliveries()} == {"old", "new"}


def test_redeliver(app: GitHubApp, github_standin: GitHubStandIn) -> None:
    delivery = github_standin.add_delivery("push", PAYLOAD, status_code=502)
    app.redeliver(delivery.id)
    assert github_standin.redelivered == [delivery.id]
