"""The router picks a handler by event and action, and refuses two handlers for one key."""

from __future__ import annotations

import pytest

from bot.handlers import ROUTER
from bot.jobs import Job
from bot.routing import Delivery, Router


def _nothing(delivery: Delivery, installation_id: int) -> list[Job]:
    return []


def test_action_specific_then_any_action() -> None:
    router = Router()
    router.register("push")(_nothing)
    assert router.handler_for(Delivery("push", "d", {"action": None})) is _nothing
    assert router.handler_for(Delivery("pull_request", "d", {"action": "opened"})) is None


def test_duplicate_handlers_are_refused() -> None:
    router = Router()
    router.register("push")(_nothing)
    with pytest.raises(ValueError, match="two handlers"):
        router.register("push")(_nothing)
    with pytest.raises(ValueError, match="two handlers"):
        Router(router, router)


def test_the_app_handles_the_events_of_the_design() -> None:
    assert ROUTER.events == {
        "pull_request",
        "check_suite",
        "check_run",
        "push",
        "issue_comment",
        "installation",
        "installation_repositories",
        "repository",
    }


@pytest.mark.parametrize(
    ("installation", "expected"),
    [({"id": 5}, 5), ({"id": 0}, None), ({"id": True}, None), ({"id": "5"}, None), (None, None)],
)
def test_installation_id_is_read_strictly(installation: object, expected: int | None) -> None:
    assert Delivery("push", "d", {"installation": installation}).installation_id == expected
