"""Route a verified webhook delivery to the handler of its event and action."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from bot.jobs import Job

Payload = dict[str, Any]


@dataclass(frozen=True)
class Delivery:
    """One verified webhook delivery: its headers' facts and the decoded JSON object."""

    event: str  # X-GitHub-Event
    delivery_id: str  # X-GitHub-Delivery
    payload: Payload

    @property
    def action(self) -> str | None:
        action = self.payload.get("action")
        return action if isinstance(action, str) else None

    @property
    def installation_id(self) -> int | None:
        """The installation to act as; without one nothing can be done for this delivery."""
        installation = self.payload.get("installation")
        if not isinstance(installation, dict):
            return None
        found = installation.get("id")
        return (
            found if isinstance(found, int) and not isinstance(found, bool) and found > 0 else None
        )


# A handler reads the few fields it needs (leniently) and says which jobs to enqueue. It must not
# block: no network, no Redis. Malformed fields raise pydantic.ValidationError (-> 400).
Handler = Callable[[Delivery, int], list[Job]]


class Router:
    """Handlers by (event, action); a handler registered without an action takes every action."""

    def __init__(self, *routers: Router) -> None:
        self._handlers: dict[tuple[str, str | None], Handler] = {}
        for router in routers:
            for key, handler in router._handlers.items():
                if key in self._handlers:
                    raise ValueError(f"two handlers for {key}")
                self._handlers[key] = handler

    def register(self, event: str, action: str | None = None) -> Callable[[Handler], Handler]:
        def add(handler: Handler) -> Handler:
            if (event, action) in self._handlers:
                raise ValueError(f"two handlers for {(event, action)}")
            self._handlers[(event, action)] = handler
            return handler

        return add

    def handler_for(self, delivery: Delivery) -> Handler | None:
        return self._handlers.get((delivery.event, delivery.action)) or self._handlers.get(
            (delivery.event, None)
        )

    def handles(self, event: str, action: str | None) -> bool:
        """Whether a delivery of `event`/`action` has a handler (it may still queue nothing)."""
        return (event, action) in self._handlers or (event, None) in self._handlers

    @property
    def events(self) -> set[str]:
        return {event for event, _ in self._handlers}
