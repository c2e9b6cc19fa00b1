"""The `LoRA cache audit` check run: one per head sha, completed with annotations 50 per call."""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import redis

from bot.github.client import InstallationClient
from bot.github.errors import redis_retry
from bot.github.repo import RepoClient
from bot.github.types import CheckRunOutput, CheckRunRef, Conclusion

CHECK_RUN_NAME = "LoRA cache audit"
ANNOTATIONS_PER_CALL = 50  # GitHub accepts at most 50 annotations per create/update request
PROGRESS_KEY = "lora-audit:check-run-progress:{repo}:{check_run_id}:{digest}"
PROGRESS_TTL_SECONDS = 7 * 24 * 3600


def _batches(output: CheckRunOutput) -> list[list[dict[str, object]]]:
    annotations = [annotation.as_json() for annotation in output.annotations]
    chunks = [
        annotations[start : start + ANNOTATIONS_PER_CALL]
        for start in range(0, len(annotations), ANNOTATIONS_PER_CALL)
    ]
    return chunks or [[]]


def _digest(output: CheckRunOutput, conclusion: str) -> str:
    text = json.dumps(
        [output.title, output.summary, output.text, conclusion, _batches(output)], sort_keys=True
    )
    return hashlib.sha256(text.encode()).hexdigest()[:16]


class CheckRunOps(RepoClient):
    def find_check_run(self, head_sha: str) -> CheckRunRef | None:
        """The newest `LoRA cache audit` run of this App on `head_sha`, if any."""
        found = self._call(
            lambda gh: (
                gh.rest.checks.list_for_ref(
                    self.owner,
                    self.name,
                    head_sha,
                    check_name=CHECK_RUN_NAME,
                    app_id=self.app.settings.app_id,
                ).parsed_data
            )
        )
        runs = sorted(found.check_runs, key=lambda run: run.id, reverse=True)
        if not runs:
            return None
        run = runs[0]
        return CheckRunRef(run.id, run.head_sha, run.status, run.conclusion, run.html_url, False)

    def find_or_create_check_run(
        self, head_sha: str, *, details_url: str | None = None, external_id: str | None = None
    ) -> CheckRunRef:
        """The check run of `head_sha`, created `in_progress` if this App has none there yet.

        Listed before created, under a Redis lock per (repo, sha): the pull_request and
        check_suite events of one push, and any redelivery or task retry, share one check run.
        """
        with self._exclusive(f"check-run:{head_sha}"):
            existing = self.find_check_run(head_sha)
            if existing is not None:
                return existing
            extra: dict[str, Any] = {}
            if details_url is not None:
                extra["details_url"] = details_url
            if external_id is not None:
                extra["external_id"] = external_id
            run = self._call(
                lambda gh: (
                    gh.rest.checks.create(
                        self.owner,
                        self.name,
                        name=CHECK_RUN_NAME,
                        head_sha=head_sha,
                        status="in_progress",
                        started_at=datetime.now(UTC),
                        **extra,
                    ).parsed_data
                )
            )
            return CheckRunRef(run.id, run.head_sha, run.status, run.conclusion, run.html_url, True)

    def complete_check_run(
        self, check_run_id: int, output: CheckRunOutput, conclusion: Conclusion
    ) -> None:
        """Post `output` and complete the run; annotations go 50 per update call.

        Idempotent for the same output: the batches already sent are remembered in Redis, so a
        retried task resumes where it failed and a repeated one sends nothing twice. (GitHub
        appends annotations on every update, so re-sending would duplicate them.) A batch whose
        answer was lost (a crash or a gateway error after GitHub applied it) is settled by the
        run's `annotations_count` before anything is sent again.
        """
        batches = _batches(output)
        progress = Progress(
            self.app.redis,
            PROGRESS_KEY.format(
                repo=self.full_name.lower(),
                check_run_id=check_run_id,
                digest=_digest(output, conclusion),
            ),
        )
        # Two tasks may complete one run at once (an `/audit` rerun racing the automatic
        # check): one at a time, so that neither sends a batch the other already sent.
        with self._exclusive(f"check-run-output:{check_run_id}"):
            self._send_batches(check_run_id, output, conclusion, batches, progress)

    def _send_batches(
        self,
        check_run_id: int,
        output: CheckRunOutput,
        conclusion: Conclusion,
        batches: list[list[dict[str, object]]],
        progress: Progress,
    ) -> None:
        done, sending = progress.load()
        if done >= len(batches):
            return
        run = self._call(
            lambda gh: gh.rest.checks.get(self.owner, self.name, check_run_id).parsed_data
        )
        count = run.output.annotations_count
        total = sum(len(batch) for batch in batches)
        if (
            done == 0
            and sending is None
            and run.status == "completed"
            and run.conclusion == conclusion
            and (run.output.title, run.output.summary) == (output.title, output.summary)
            and count == total
        ):
            # Posted already, and the record of it was lost (Redis restarted without it):
            # sending again would only duplicate every annotation.
            progress.save(len(batches), None)
            return
        if sending is not None:
            # The answer to batch `sending.index` never arrived: it was applied exactly when the
            # run gained its annotations (an empty batch cannot tell, and is harmless to resend).
            batch = batches[sending.index] if sending.index < len(batches) else []
            if batch and count >= sending.count_before + len(batch):
                done = sending.index + 1
                progress.save(done, None)
            else:
                done = sending.index
        for index in range(done, len(batches)):
            body: dict[str, Any] = {
                "title": output.title,
                "summary": output.summary,
                "annotations": batches[index],
            }
            if output.text is not None:
                body["text"] = output.text
            final = index == len(batches) - 1
            completion: dict[str, Any] = (
                {"status": "completed", "conclusion": conclusion, "completed_at": datetime.now(UTC)}
                if final
                else {}
            )

            def update(
                gh: InstallationClient, body: Any = body, completion: Any = completion
            ) -> None:
                gh.rest.checks.update(
                    self.owner, self.name, check_run_id, output=body, **completion
                )

            progress.save(index, InFlight(index, count))
            self._call(update)
            count += len(batches[index])
            progress.save(index + 1, None)


@dataclass(frozen=True)
class InFlight:
    """The batch being sent, and how many annotations the run had before it."""

    index: int
    count_before: int


class Progress:
    """How far completing one check run with one output got, kept in Redis across retries."""

    def __init__(self, redis_client: redis.Redis, key: str) -> None:
        self.redis = redis_client
        self.key = key

    def load(self) -> tuple[int, InFlight | None]:
        with redis_retry("check-run progress"):
            raw = self.redis.get(self.key)
        if not isinstance(raw, bytes):
            return 0, None
        try:
            data = json.loads(raw)
            if not isinstance(data, dict):
                return 0, None
            sending = data.get("sending")
            in_flight = InFlight(int(sending[0]), int(sending[1])) if sending else None
            return int(data["done"]), in_flight
        except (ValueError, TypeError, KeyError, IndexError):
            return 0, None

    def save(self, done: int, sending: InFlight | None) -> None:
        value = {
            "done": done,
            "sending": [sending.index, sending.count_before] if sending else None,
        }
        with redis_retry("check-run progress"):
            self.redis.set(self.key, json.dumps(value), ex=PROGRESS_TTL_SECONDS)
