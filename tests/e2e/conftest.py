"""One deployment per module: a private persistent Redis, the GitHub stand-in, a git host on
loopback HTTP that accepts only the installation tokens the stand-in issued, and the launcher.

Scenarios share the processes (starting them is the slow part) and each uses its own repository.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from itertools import count
from typing import Any

import pytest
from celery import Celery, states

from tests.e2e import payloads
from tests.e2e.deployment import Deployment, wait_until
from tests.e2e.gate import GatedStandIn
from tests.standin.state import CheckRun
from tests.support.git_http import GitHttpServer
from tests.support.gitrepo import GitRepo
from tests.support.redis_server import RedisServer
from tests.workers.remotes import Remotes
from tests.workers.world import INSTALLATION_ID, World

WEBHOOK_SECRET = "e2e-webhook-secret"
# Short enough that a killed worker's task comes back within the test, longer than any task.
VISIBILITY_TIMEOUT = 18
TASK_TIME_LIMIT = 15


@dataclass
class E2E:
    world: World
    standin: GatedStandIn
    redis: RedisServer
    deployment: Deployment
    results: Celery
    git_host: GitHttpServer
    _ids: Any

    def repo(self, full_name: str) -> tuple[GitRepo, int]:
        """A new repository (GitHub's record and its served git), and its id."""
        repo = self.world.repo(full_name)
        return repo, self.standin.state.repo(full_name).id  # type: ignore[union-attr]

    def next_id(self) -> int:
        return int(next(self._ids))

    def deliver(self, event: str, payload: dict[str, Any]) -> str:
        """Post a signed delivery to the web app as GitHub would; return its GUID."""
        delivery = self.standin.deliver(event, payload)
        assert delivery.status_code == 202, (delivery.status_code, self.deployment.all_logs())
        return delivery.guid

    def result(self, task_name: str, guid: str, repo: str, timeout: float = 60) -> Any:
        """Wait for the task a delivery queued, and return what it returned.

        The stored result is read from Redis, not waited for on the backend's pub/sub: a test
        that restarts Redis can leave that subscription deaf to a result stored after it (the
        task finished in 0.3 s and the wait still timed out)."""
        task_id = f"{task_name}:{guid}:{repo}"
        backend = self.results.backend

        def stored() -> dict[str, Any] | None:
            meta: dict[str, Any] = backend.get_task_meta(task_id)
            return meta if meta.get("status") in states.READY_STATES else None

        try:
            meta = wait_until(stored, timeout=timeout, what=f"the result of {task_id}")
        except AssertionError as exc:
            raise AssertionError(f"{exc}\n{self.deployment.all_logs()}") from exc
        return meta["result"]

    def completed_runs(self, repo: str, head_sha: str, count: int = 1) -> list[CheckRun]:
        return wait_until(  # type: ignore[no-any-return]
            lambda: (
                [
                    run
                    for run in self.standin.check_runs(repo, head_sha=head_sha)
                    if run.status == "completed"
                ]
                if len(self.standin.check_runs(repo, head_sha=head_sha)) >= count
                else None
            ),
            timeout=60,
            what=f"a completed check run on {repo}@{head_sha[:7]}",
        )

    def pull_request_payload(
        self, action: str, *, repo: str, repo_id: int, number: int, git: GitRepo, branch: str
    ) -> dict[str, Any]:
        return payloads.pull_request(
            action,
            repo=repo,
            repo_id=repo_id,
            installation_id=INSTALLATION_ID,
            number=number,
            head_sha=git.git("rev-parse", branch),
            head_ref=branch,
            base_sha=git.git("rev-parse", "main"),
        )


def _issued_by(standin: GatedStandIn) -> Callable[[str | None], bool]:
    """The git host accepts exactly the installation tokens GitHub (the stand-in) issued."""

    def accepts(token: str | None) -> bool:
        with standin.state.lock:
            issued = standin.state.tokens.get(token or "")
            return issued is not None and not issued.revoked

    return accepts


@pytest.fixture(scope="module")
def e2e(tmp_path_factory: pytest.TempPathFactory) -> Iterator[E2E]:
    workdir = tmp_path_factory.mktemp("e2e")
    redis_server = RedisServer(workdir / "redis")
    redis_server.start()
    standin = GatedStandIn()
    standin.start()
    remotes = Remotes(workdir / "remotes")
    remotes.served.mkdir(parents=True)
    git_host = GitHttpServer(remotes.served, _issued_by(standin)).start()
    world = World(
        standin,
        remotes,
        redis_server.url,
        workdir / "cache",
        git_url_template=git_host.url_template,
    )
    env = world.env(
        LORA_AUDIT_WEBHOOK_SECRET=WEBHOOK_SECRET,
        LORA_AUDIT_VISIBILITY_TIMEOUT=str(VISIBILITY_TIMEOUT),
        LORA_AUDIT_TASK_TIME_LIMIT=str(TASK_TIME_LIMIT),
        LORA_AUDIT_RECOVERY_INTERVAL="2",
        LORA_AUDIT_MAX_RETRIES="6",
        LORA_AUDIT_RETRY_BACKOFF_MAX="2",
    )
    deployment = Deployment(env, workdir / "run")
    standin.configure_webhook(f"{deployment.url}/webhooks", WEBHOOK_SECRET)
    results = Celery("e2e-results", broker=redis_server.url, backend=redis_server.url)
    try:
        deployment.start()
        yield E2E(world, standin, redis_server, deployment, results, git_host, count(900_001))
    finally:
        deployment.stop()
        git_host.stop()
        standin.stop()
        redis_server.stop()
