"""Hidden markers in the App's comments and issues: how it finds its own text again to edit it."""

from __future__ import annotations

from urllib.parse import quote

PR_COMMENT_MARKER = "<!-- lora-audit:pr -->"
SWEEP_ISSUE_MARKER = "<!-- lora-audit:sweep -->"
ISSUE_LABEL = "lora-audit"  # put on the App's issues, so listing them is one short query


def follow_up_marker(driver_path: str) -> str:
    """The marker of the follow-up issue for one driver path (quoted, so no path can end it)."""
    return f"<!-- lora-audit:driver:{quote(driver_path, safe='/')} -->"


def reply_marker(comment_id: int) -> str:
    """The marker of the App's reply to one `/audit` comment, so a retried task replies once."""
    return f"<!-- lora-audit:reply:{comment_id} -->"


def resolved_marker(driver_path: str, fixed_in: str) -> str:
    """The marker of the comment that closes a follow-up issue when commit `fixed_in` fixed it."""
    return f"<!-- lora-audit:resolved:{quote(driver_path, safe='/')}@{fixed_in} -->"


def suggestion_marker(head_sha: str, driver_path: str) -> str:
    """The marker of the suggested change for one driver at one head commit (once per head)."""
    return f"<!-- lora-audit:suggestion:{head_sha}:{quote(driver_path, safe='/')} -->"


def with_marker(body: str, marker: str) -> str:
    """`body`, starting with `marker` unless it already holds it."""
    return body if marker in body else f"{marker}\n{body}"
