"""The App's comments: the sticky pull-request comment, `/audit` replies, and 👀 reactions."""

from __future__ import annotations

from typing import Literal

from githubkit_schemas.v2026_03_10.models import IssueComment

from bot.github.repo import RepoClient
from bot.github.types import CommentRef
from bot.markers import PR_COMMENT_MARKER, with_marker

Reaction = Literal["+1", "-1", "laugh", "confused", "heart", "hooray", "rocket", "eyes"]


class CommentOps(RepoClient):
    def find_own_comment(self, issue_number: int, marker: str) -> tuple[CommentRef, str] | None:
        """The App's first comment on the issue or pull request holding `marker`, with its body.

        A comment counts only when the App's bot user wrote it: anyone can paste a marker.
        """
        comments: list[IssueComment] = self._call(
            lambda gh: list(
                gh.rest.paginate(
                    gh.rest.issues.list_comments,
                    owner=self.owner,
                    repo=self.name,
                    issue_number=issue_number,
                    per_page=100,
                )
            )
        )
        for comment in comments:
            body = comment.body or ""
            if marker in body and self._is_ours(comment.user.login if comment.user else None):
                return CommentRef(comment.id, comment.html_url, created=False), body
        return None

    def upsert_sticky_comment(self, pull_number: int, body: str) -> CommentRef:
        """Create the pull request's one lora-audit comment, or edit it in place if changed."""
        ref = self._sticky(pull_number, body, create=True)
        assert ref is not None  # created when missing
        return ref

    def update_sticky_comment(self, pull_number: int, body: str) -> CommentRef | None:
        """Edit the pull request's lora-audit comment if there is one (None when there is not).

        A pull request with nothing worth saying gets no comment, but one the App already
        wrote is never left showing a finding that is gone.
        """
        return self._sticky(pull_number, body, create=False)

    def _sticky(self, pull_number: int, body: str, *, create: bool) -> CommentRef | None:
        body = with_marker(body, PR_COMMENT_MARKER)
        with self._exclusive(f"comment:{pull_number}"):
            found = self.find_own_comment(pull_number, PR_COMMENT_MARKER)
            if found is None:
                return self._create_comment(pull_number, body) if create else None
            ref, current = found
            if current != body:
                self._call(
                    lambda gh: gh.rest.issues.update_comment(
                        self.owner, self.name, ref.id, body=body
                    )
                )
            return ref

    def post_comment(
        self, issue_number: int, body: str, *, marker: str | None = None
    ) -> CommentRef:
        """A new comment. With `marker` (e.g. `markers.reply_marker(comment_id)`), a comment of
        the App that already holds it is returned instead, so a retried task posts only once."""
        if marker is None:
            return self._create_comment(issue_number, body)
        body = with_marker(body, marker)
        with self._exclusive(f"comment:{issue_number}"):
            found = self.find_own_comment(issue_number, marker)
            return found[0] if found is not None else self._create_comment(issue_number, body)

    def add_reaction(self, comment_id: int, content: Reaction = "eyes") -> None:
        """React to an issue or pull-request comment; GitHub keeps one per user and kind."""
        self._call(
            lambda gh: gh.rest.reactions.create_for_issue_comment(
                self.owner, self.name, comment_id, content=content
            )
        )

    def _create_comment(self, issue_number: int, body: str) -> CommentRef:
        comment = self._call(
            lambda gh: (
                gh.rest.issues.create_comment(
                    self.owner, self.name, issue_number, body=body
                ).parsed_data
            )
        )
        return CommentRef(comment.id, comment.html_url, created=True)
