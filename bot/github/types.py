"""What the GitHub layer takes and returns: small frozen records, not githubkit's models."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Literal

AnnotationLevel = Literal["notice", "warning", "failure"]
Conclusion = Literal[
    "success", "failure", "neutral", "cancelled", "skipped", "timed_out", "action_required"
]


@dataclass(frozen=True)
class Annotation:
    """One check-run annotation (a line of a file, with a message)."""

    path: str
    start_line: int
    end_line: int
    annotation_level: AnnotationLevel
    message: str
    title: str | None = None
    raw_details: str | None = None

    def as_json(self) -> dict[str, object]:
        data: dict[str, object] = {
            "path": self.path,
            "start_line": self.start_line,
            "end_line": self.end_line,
            "annotation_level": self.annotation_level,
            "message": self.message,
        }
        if self.title is not None:
            data["title"] = self.title
        if self.raw_details is not None:
            data["raw_details"] = self.raw_details
        return data


@dataclass(frozen=True)
class CheckRunOutput:
    """A check run's `output`; `annotations` may be any length (they are sent 50 per call)."""

    title: str
    summary: str
    text: str | None = None
    annotations: tuple[Annotation, ...] = field(default_factory=tuple)


@dataclass(frozen=True)
class IssueText:
    title: str
    body: str


@dataclass(frozen=True)
class RepoInfo:
    full_name: str
    id: int
    default_branch: str
    private: bool


@dataclass(frozen=True)
class PullInfo:
    number: int
    state: str
    head_sha: str
    head_ref: str
    base_sha: str
    base_ref: str


@dataclass(frozen=True)
class CheckRunRef:
    id: int
    head_sha: str
    status: str
    conclusion: str | None
    html_url: str | None
    created: bool  # True when this call created it


@dataclass(frozen=True)
class CommentRef:
    id: int
    html_url: str
    created: bool  # True when this call created it (False: found, and edited if it differed)


@dataclass(frozen=True)
class SuggestedChange:
    """A review comment that offers lines `start_line`..`line` of `path` at `commit_id` a
    replacement (its body holds the ```suggestion block); found again by `marker`."""

    path: str
    commit_id: str
    start_line: int
    line: int
    body: str
    marker: str


@dataclass(frozen=True)
class IssueRef:
    number: int
    state: str
    html_url: str
    created: bool


@dataclass(frozen=True)
class FailedDelivery:
    """The latest attempt of a webhook delivery (by GUID) none of whose attempts succeeded."""

    id: int  # pass to GitHubApp.redeliver()
    guid: str  # the X-GitHub-Delivery of every attempt
    event: str
    action: str | None
    status_code: int
    delivered_at: datetime
    installation_id: int | None
    repository_id: int | None
