"""An audit that cannot finish never looks like a pass.

Whatever stopped it (the analyzer raising, the time limits, a worker killed twice, GitHub failing
for longer than the retries), its check run concludes `failure` by default, or what the
repository's `incomplete_conclusion` in `.github/lora-audit.yml` says (`failure`,
`action_required` or, only when asked for, `neutral`), with the reason in words.
"""

from __future__ import annotations

from typing import cast

from bot.github import RepoOps
from bot.github.types import CheckRunRef, Conclusion
from bot.render import render_audit_failed
from workers.audit import read_config
from workers.execution import JobContext

DEFAULT: Conclusion = "failure"


def incomplete_conclusion(ctx: JobContext, ops: RepoOps, sha: str) -> Conclusion:
    """The configured conclusion as of `sha`, read from the mirror if it holds that commit."""
    try:
        mirror = ctx.services.cache.mirror(ops.owner, ops.name)
        if (mirror.path / "HEAD").is_file() and mirror.has_commit(sha):
            return cast(Conclusion, read_config(mirror, sha).config.incomplete_conclusion)
    except Exception as exc:  # any trouble reading it: the safe default
        ctx.log.warning("could not read incomplete_conclusion at %s: %s", sha[:12], exc)
    return DEFAULT


def report_incomplete(
    ctx: JobContext, ops: RepoOps, sha: str, reason: str, *, how_to_rerun: str | None = None
) -> tuple[CheckRunRef, Conclusion]:
    """Complete the check run of `sha` as unfinished, saying why and how to run it again."""
    conclusion = incomplete_conclusion(ctx, ops, sha)
    why = (
        f"{reason.rstrip('.')}. An audit that did not finish never counts as a pass: this "
        f"check concludes `{conclusion}` until an audit of this commit completes "
        "(`incomplete_conclusion` in `.github/lora-audit.yml` sets this)."
    )
    run = ops.find_or_create_check_run(sha)
    ops.complete_check_run(run.id, render_audit_failed(why, how_to_rerun=how_to_rerun), conclusion)
    ctx.log.warning("check run %d completed as unfinished (%s): %s", run.id, conclusion, reason)
    return run, conclusion
