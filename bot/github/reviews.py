"""Suggested changes: review comments on a pull request's lines with a ```suggestion block.

Each is written once: found again by its hidden marker (one per driver and head commit) at the
start of a review comment the App's bot user wrote, under a lock across worker processes.
"""

from __future__ import annotations

from githubkit.utils import UNSET
from githubkit_schemas.v2026_03_10.models import PullRequestReviewComment

from bot.github.repo import RepoClient
from bot.github.types import CommentRef, SuggestedChange
from bot.markers import with_marker


class ReviewCommentOps(RepoClient):
    def find_own_review_comment(self, pull_number: int, marker: str) -> CommentRef | None:
        """The App's review comment on the pull request that starts with `marker`."""
        comments: list[PullRequestReviewComment] = self._call(
            lambda gh: list(
                gh.rest.paginate(
                    gh.rest.pulls.list_review_comments,
                    owner=self.owner,
                    repo=self.name,
                    pull_number=pull_number,
                    per_page=100,
                )
            )
        )
        for comment in comments:
            # Only at the start: code quoted in a suggestion could hold another marker.
            if comment.body.startswith(marker) and self._is_ours(
                comment.user.login if comment.user else None
            ):
                return CommentRef(comment.id, comment.html_url, created=False)
        return None

    def suggest_change(self, pull_number: int, change: SuggestedChange) -> CommentRef:
        """Post the suggested change, unless the App already did (a redelivery, a re-run)."""
        body = with_marker(change.body, change.marker)
        with self._exclusive(f"review-comment:{pull_number}"):
            found = self.find_own_review_comment(pull_number, change.marker)
            if found is not None:
                return found
            multi_line = change.start_line < change.line
            comment = self._call(
                lambda gh: (
                    gh.rest.pulls.create_review_comment(
                        self.owner,
                        self.name,
                        pull_number,
                        body=body,
                        commit_id=change.commit_id,
                        path=change.path,
                        line=change.line,
                        side="RIGHT",
                        start_line=change.start_line if multi_line else UNSET,
                        start_side="RIGHT" if multi_line else UNSET,
                    ).parsed_data
                )
            )
            return CommentRef(comment.id, comment.html_url, created=True)
