"""Rendered texts are accepted by GitHub's limits (as the stand-in enforces them) when posted."""

from __future__ import annotations

from bot.github import RepoOps
from bot.render import (
    decide_conclusion,
    render_check_run,
    render_follow_up_issue,
    render_pr_comment,
    render_sweep_issue,
)
from tests.bot.github.conftest import REPO, SHA
from tests.bot.render.reports import affected_row, pull_request_report, safe_row, sweep_report
from tests.standin import GitHubStandIn


def test_a_huge_audit_posts_within_limits(ops: RepoOps, github_standin: GitHubStandIn) -> None:
    report = pull_request_report()
    report.drivers[0] = affected_row(sites=130)
    report.drivers += [safe_row(f"pkg/m{index}.py") for index in range(4000)]
    report.recount()
    run = ops.find_or_create_check_run(SHA)
    ops.complete_check_run(run.id, render_check_run(report), decide_conclusion(report))
    (stored,) = github_standin.check_runs(REPO)
    assert (stored.conclusion, len(stored.annotations)) == ("failure", 130)
    assert len(github_standin.calls("PATCH", "/check-runs/")) == 3
    number = github_standin.add_pull_request(REPO, head_sha=SHA, base_sha="b" * 40)
    ops.upsert_sticky_comment(number, render_pr_comment(report, check_run_url=run.html_url))
    sweep = sweep_report()
    sweep.drivers += report.drivers
    sweep.recount()
    ops.upsert_sweep_issue(render_sweep_issue(sweep, repo=REPO))
    ops.open_follow_up("scripts/eval_ckpts.py", render_follow_up_issue(report.drivers[0], report))
    assert len(github_standin.comments(REPO, number)) == 1
    assert len(github_standin.issues(REPO)) == 2
