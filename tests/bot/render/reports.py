"""Reports for renderer tests, built the way the analyzers would fill them."""

from __future__ import annotations

from analyzers.events import ReplayRecord
from analyzers.model import (
    DiffSummary,
    DriverRow,
    Evidence,
    FixCommit,
    Report,
    Site,
    Suppression,
    Verdict,
    VerdictSpan,
)

HEAD = "1" * 40
BASE = "2" * 40


def affected_row(path: str = "scripts/eval_ckpts.py", *, sites: int = 1) -> DriverRow:
    return DriverRow(
        path=path,
        line=12,
        verdict=Verdict.AFFECTED,
        reason="lora_int_id=1 is reused for 6 checkpoints; 5 requests are served checkpoint 0.",
        sites=[Site(line=40 + index, column=9, id="1", path="ckpt") for index in range(sites)],
        replay=[
            ReplayRecord(id=1, requested="ckpt/frac_0.08", served="ckpt/frac_0.08", loaded=True),
            ReplayRecord(id=1, requested="ckpt/frac_0.16", served="ckpt/frac_0.08", stale=True),
            ReplayRecord(id=1, requested="ckpt/frac_0.32", served="ckpt/frac_0.08", stale=True),
        ],
        requests=3,
        stale=2,
        evidence=[Evidence(kind="code", where=f"{path}:40@{HEAD[:7]}", detail="LoRARequest")],
    )


def safe_row(path: str, verdict: Verdict = Verdict.SAFE_DISTINCT_ID) -> DriverRow:
    return DriverRow(path=path, line=3, verdict=verdict, reason="one id per path")


def pull_request_report(*, new: bool = True, vllm: str | None = "0.11.0") -> Report:
    """A PR that adds an affected driver (or not), on a base with one already affected."""
    drivers = [affected_row("legacy/old_eval.py"), safe_row("serve.py")]
    newly = []
    if new:
        drivers.insert(0, affected_row())
        newly = ["scripts/eval_ckpts.py"]
    return Report(
        root=".",
        commit=HEAD,
        vllm_version=vllm,
        vllm_version_source="uv.lock" if vllm else None,
        drivers=drivers,
        diff=DiffSummary(
            base=BASE,
            head=HEAD,
            newly_affected=newly,
            still_affected=["legacy/old_eval.py"],
            resolved=["gone.py"],
        ),
    )


def sweep_report() -> Report:
    old = affected_row("legacy/old_eval.py")
    old.history = [VerdictSpan(verdict=Verdict.AFFECTED, first_commit="a" * 40, last_commit=HEAD)]
    old.at_head = True
    old.branches = ["main", "exp/rl"]
    ignored = affected_row("vendored/x.py")
    ignored.suppressed = Suppression(verdicts=[Verdict.AFFECTED], reason="vendored", line=40)
    return Report(
        root=".",
        commit=HEAD,
        drivers=[old, ignored, safe_row("serve.py"), safe_row("m.py", Verdict.INDETERMINATE)],
        fix_commits=[
            FixCommit(
                sha="298877f9c" + "0" * 31,
                title="distinct ids",
                exists=True,
                on_default_branch=False,
            )
        ],
        config_errors=[".github/lora-audit.yml: include: Input should be a valid list"],
        skipped=[Evidence(kind="code", where="big.py", detail="larger than 20 MB")],
    )
