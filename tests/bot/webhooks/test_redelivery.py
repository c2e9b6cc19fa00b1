"""A delivery that failed while the app was down is found and redelivered through the App's API."""

from __future__ import annotations

import time

from bot.github import GitHubApp
from tests.bot.webhooks.conftest import SECRET, Web, load_event
from tests.standin import GitHubStandIn
from tests.support.ports import free_port


def test_failed_delivery_is_redelivered_and_queued_once(
    web: Web, github_standin: GitHubStandIn
) -> None:
    payload = load_event("pull_request/opened.payload.json")
    github_standin.configure_webhook(f"http://127.0.0.1:{free_port()}/webhooks", SECRET)
    failed = github_standin.deliver("pull_request", payload)  # nobody listening: no answer
    assert failed.status_code == 0
    github_standin.configure_webhook(f"{web.url}/webhooks", SECRET)
    app = GitHubApp(github_standin.settings(redis_url=web.redis_url))
    (missing,) = app.list_failed_deliveries()
    assert (missing.guid, missing.event, missing.action) == (failed.guid, "pull_request", "opened")
    app.redeliver(missing.id)
    deadline = time.monotonic() + 10
    while len(github_standin.deliveries()) < 2 and time.monotonic() < deadline:
        time.sleep(0.05)
    retried = github_standin.deliveries()[-1]
    assert (retried.guid, retried.redelivery, retried.status_code) == (failed.guid, True, 202)
    assert [task.kwargs["delivery_id"] for task in web.queued()] == [failed.guid]
    assert app.list_failed_deliveries() == []
