"""The App's issues: one follow-up issue per affected driver path, and one sweep issue per repo.

Each is found by its hidden marker, written by the App's bot user, among the issues carrying the
`lora-audit` label (so finding one is a short query, not a scan of every issue).
"""

from __future__ import annotations

from typing import Any

from githubkit_schemas.v2026_03_10.models import Issue

from bot.github.comments import CommentOps
from bot.github.types import IssueRef, IssueText
from bot.markers import (
    ISSUE_LABEL,
    SWEEP_ISSUE_MARKER,
    follow_up_marker,
    resolved_marker,
    with_marker,
)


class IssueOps(CommentOps):
    def find_own_issue(self, marker: str) -> tuple[IssueRef, str, str] | None:
        """(ref, title, body) of the App's issue holding `marker`, open or closed; open first."""
        issues: list[Issue] = self._call(
            lambda gh: list(
                gh.rest.paginate(
                    gh.rest.issues.list_for_repo,
                    owner=self.owner,
                    repo=self.name,
                    state="all",
                    labels=ISSUE_LABEL,
                    per_page=100,
                )
            )
        )
        mine = [
            issue
            for issue in issues
            if not issue.pull_request  # UNSET or None: a plain issue
            and marker in (issue.body or "")
            and self._is_ours(issue.user.login if issue.user else None)
        ]
        if not mine:
            return None
        issue = min(mine, key=lambda item: (item.state != "open", -item.number))
        ref = IssueRef(issue.number, issue.state, issue.html_url, created=False)
        return ref, issue.title, issue.body or ""

    def _upsert(self, marker: str, text: IssueText, *, reopen: bool) -> IssueRef:
        body = with_marker(text.body, marker)
        with self._exclusive(f"issue:{marker}"):
            found = self.find_own_issue(marker)
            if found is None:
                issue = self._call(
                    lambda gh: (
                        gh.rest.issues.create(
                            self.owner, self.name, title=text.title, body=body, labels=[ISSUE_LABEL]
                        ).parsed_data
                    )
                )
                return IssueRef(issue.number, issue.state, issue.html_url, created=True)
            ref, title, current = found
            changes: dict[str, Any] = {}
            if title != text.title:
                changes["title"] = text.title
            if current != body:
                changes["body"] = body
            if reopen and ref.state != "open":
                changes["state"] = "open"
            if changes:
                self._call(
                    lambda gh: gh.rest.issues.update(self.owner, self.name, ref.number, **changes)
                )
            state = changes.get("state", ref.state)
            return IssueRef(ref.number, state, ref.html_url, created=False)

    def open_follow_up(self, driver_path: str, text: IssueText) -> IssueRef:
        """Open (or reopen, and refresh) the follow-up issue of one affected driver path."""
        return self._upsert(follow_up_marker(driver_path), text, reopen=True)

    def close_follow_up(self, driver_path: str, comment: str, *, fixed_in: str) -> IssueRef | None:
        """Comment on and close the driver's open follow-up issue (None when there is none open).

        The comment carries a marker with `fixed_in` (the commit that made the driver safe), so a
        retried task never comments twice.
        """
        with self._exclusive(f"issue:{follow_up_marker(driver_path)}"):
            found = self.find_own_issue(follow_up_marker(driver_path))
            if found is None or found[0].state != "open":
                return None
            ref = found[0]
            self.post_comment(ref.number, comment, marker=resolved_marker(driver_path, fixed_in))
            self._call(
                lambda gh: gh.rest.issues.update(
                    self.owner, self.name, ref.number, state="closed", state_reason="completed"
                )
            )
            return IssueRef(ref.number, "closed", ref.html_url, created=False)

    def upsert_sweep_issue(self, text: IssueText, *, reopen: bool = False) -> IssueRef:
        """Create the repository's sweep issue, or update it in place (reopened if asked)."""
        return self._upsert(SWEEP_ISSUE_MARKER, text, reopen=reopen)
