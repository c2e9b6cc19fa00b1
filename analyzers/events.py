"""Replay events (the `lora-audit replay` JSON Lines input) and the records a replay produces."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, PositiveInt, model_serializer


class _Event(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RequestEvent(_Event):
    """A request served with `LoRARequest(name, id, path)`.

    `content` is an opaque token for what the folder at `path` holds at that moment, so that
    "same path, new content" (an overwritten sync folder) can be told apart from a benign repeat.
    """

    op: Literal["request"] = "request"
    id: int
    path: str = Field(min_length=1)
    name: str | None = None
    content: str | None = None
    load_inplace: bool = False
    exists: bool = True


class RemoveEvent(_Event):
    """`remove_lora(id)`: the only offline way to force a re-read under the same id."""

    op: Literal["remove"] = "remove"
    id: PositiveInt


class PinEvent(_Event):
    """`pin_lora(id)`: the id is never evicted by LRU."""

    op: Literal["pin"] = "pin"
    id: PositiveInt


class ResetEvent(_Event):
    """A fresh engine or a fresh process: the cache starts empty."""

    op: Literal["reset"] = "reset"


ReplayEvent = Annotated[
    RequestEvent | RemoveEvent | PinEvent | ResetEvent, Field(discriminator="op")
]


class ReplayRecord(BaseModel):
    """What one request was served. `error` replaces `served` when the request failed."""

    model_config = ConfigDict(extra="forbid")

    id: int
    requested: str
    served: str | None = None
    stale: bool = False
    name: str | None = None
    requested_content: str | None = None
    served_content: str | None = None
    loaded: bool = False
    error: str | None = None

    @model_serializer(mode="plain")
    def to_json_dict(self) -> dict[str, object]:
        """The output shape: `served` or `error`; `served_content` only when content was asked."""
        data: dict[str, object] = {
            "id": self.id,
            "requested": self.requested,
        }
        if self.error is None:
            data["served"] = self.served
        data["stale"] = self.stale
        if self.name is not None:
            data["name"] = self.name
        if self.requested_content is not None:
            data["requested_content"] = self.requested_content
            data["served_content"] = self.served_content
        data["loaded"] = self.loaded
        if self.error is not None:
            data["error"] = self.error
        return data
