"""Pull-request check latency and throughput through the whole App, against a reference audit.

Starts a private redis-server, the GitHub stand-in, and the deployment through deploy/launch.py
(web + 2 worker processes, no beat) on loopback, with a 1,000-file repository served over file://;
each pull request edits 3 of its 40 drivers (the shape of issue 11: base vs head, warm mirror).
Then:

- latency: a signed `pull_request` delivery posted to the web app, until the stand-in holds the
  completed `LoRA cache audit` check run (mirror warm: only the new commit is fetched), median of
  20 sequential pull requests (target < 3 s);
- throughput: 200 `pull_request` deliveries posted back to back, until all 200 check runs are
  completed, with 2 worker processes.

The reference, measured in the same run on the same pull requests, is the audit alone: the
git-aware `audit_pull_request` on the same mirror, in this process, with a warm analysis cache
(what a check costs without the queue, the fetch and the GitHub calls).

    uv run --frozen python bench/workers.py [--latency-runs 20] [--queued 200]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.e2e import payloads  # noqa: E402
from tests.e2e.deployment import Deployment, wait_until  # noqa: E402
from tests.standin import GitHubStandIn  # noqa: E402
from tests.support.redis_server import RedisServer  # noqa: E402
from tests.workers.drivers import AFFECTED, FIXED  # noqa: E402
from tests.workers.remotes import Remotes  # noqa: E402
from tests.workers.world import INSTALLATION_ID, World  # noqa: E402
from workers.audit import audit_pull_request  # noqa: E402
from workers.repo_cache import RepoCache  # noqa: E402

REPO = "bench/research"
FILES = 1000
DRIVERS = 40  # half affected, half fixed; the rest are plain modules
CHANGED = 3  # drivers each pull request edits (base vs head)
SECRET = "bench-secret"
WHO = "Bench <bench@example.com> 1700000000 +0000"


def _module(index: int) -> str:
    return (
        f'"""Helper module {index}."""\n\nimport math\n\n\n'
        f"def step_{index}(x: float) -> float:\n    return math.sqrt(x) + {index}\n"
    )


def _data(text: str) -> bytes:
    raw = text.encode()
    return b"data %d\n%s\n" % (len(raw), raw)


def build_repository(bare: Path, pulls: int) -> tuple[str, list[str]]:
    """One `git fast-import` stream: `main` with FILES files, and `pr-<i>` branches each editing
    CHANGED of its drivers on top of it. Returns main's sha and each branch's head sha."""
    stream = [b"commit refs/heads/main\nmark :1\n", f"committer {WHO}\n".encode(), _data("base")]
    for index in range(FILES - DRIVERS):
        stream.append(f"M 100644 inline pkg/mod_{index:04}.py\n".encode() + _data(_module(index)))
    for index in range(DRIVERS):
        body = (AFFECTED if index % 2 else FIXED).replace('"adapter"', f'"adapter{index}"')
        body = body.replace('f"a{i}"', f'f"a{index}-{{i}}"')
        stream.append(f"M 100644 inline drivers/d_{index:03}.py\n".encode() + _data(body))
    for pull in range(pulls):
        stream += [
            f"commit refs/heads/pr-{pull}\nmark :{pull + 2}\n".encode(),
            f"committer {WHO}\n".encode(),
            _data(f"pull request {pull}"),
            b"from :1\n",
        ]
        # The shape: each pull request edits CHANGED existing drivers (one of them
        # turns Affected), so the check re-analyses those and takes the rest from the cache.
        for offset in range(CHANGED):
            index = (pull * CHANGED + offset) % DRIVERS
            body = (AFFECTED if offset == 0 else FIXED).replace('"adapter"', f'"pr{pull}-{index}"')
            body = body.replace('f"a{i}"', f'f"p{pull}-{index}-{{i}}"')
            stream.append(f"M 100644 inline drivers/d_{index:03}.py\n".encode() + _data(body))
    subprocess.run(["git", "init", "-q", "--bare", "-b", "main", str(bare)], check=True)
    subprocess.run(
        ["git", "fast-import", "--quiet"], cwd=bare, input=b"".join(stream) + b"done\n", check=True
    )
    out = subprocess.run(
        ["git", "for-each-ref", "--format=%(refname:strip=2) %(objectname)", "refs/heads"],
        cwd=bare,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    tips = dict(line.split() for line in out.splitlines())
    return tips["main"], [tips[f"pr-{pull}"] for pull in range(pulls)]


class Bench:
    def __init__(self, workdir: Path, pulls: int) -> None:
        self.redis = RedisServer(workdir / "redis")
        self.standin = GitHubStandIn()
        self.remotes = Remotes(workdir / "remotes")
        self.world = World(self.standin, self.remotes, "", workdir / "cache")
        self.workdir = workdir
        self.pulls = pulls
        self.base = ""
        self.heads: list[str] = []
        self.numbers: list[int] = []
        self.repo_id = 0
        self.deployment: Deployment | None = None

    def start(self) -> None:
        self.redis.start()
        self.standin.start()
        self.world.redis_url = self.redis.url
        started = time.perf_counter()
        self.base, self.heads = build_repository(self.remotes.bare(REPO), self.pulls)
        took = time.perf_counter() - started
        print(f"repository: {FILES} files, {self.pulls} pull-request branches ({took:.1f}s)")
        self.repo_id = self.standin.add_repo(REPO, installation_id=INSTALLATION_ID).id
        self.numbers = [
            self.standin.add_pull_request(
                REPO, head_sha=head, base_sha=self.base, head_ref=f"pr-{index}"
            )
            for index, head in enumerate(self.heads)
        ]
        env = self.world.env(LORA_AUDIT_WEBHOOK_SECRET=SECRET)
        self.deployment = Deployment(
            env, self.workdir / "run", workers=2, concurrency=1, beat=False
        )
        self.standin.configure_webhook(f"{self.deployment.url}/webhooks", SECRET)
        self.deployment.start()

    def stop(self) -> None:
        if self.deployment is not None:
            self.deployment.stop()
        self.standin.stop()
        self.redis.stop()

    def deliver(self, index: int) -> None:
        payload = payloads.pull_request(
            "opened",
            repo=REPO,
            repo_id=self.repo_id,
            installation_id=INSTALLATION_ID,
            number=self.numbers[index],
            head_sha=self.heads[index],
            head_ref=f"pr-{index}",
            base_sha=self.base,
        )
        status = self.standin.deliver("pull_request", payload).status_code
        if status != 202:
            raise RuntimeError(f"delivery {index} answered {status}")

    def completed(self, index: int) -> bool:
        runs = self.standin.check_runs(REPO, head_sha=self.heads[index])
        return bool(runs) and runs[0].status == "completed"

    def completed_count(self) -> int:
        return sum(1 for run in self.standin.check_runs(REPO) if run.status == "completed")

    def latency(self, index: int) -> float:
        started = time.perf_counter()
        self.deliver(index)
        while not self.completed(index):
            time.sleep(0.005)
        return time.perf_counter() - started

    def reference(self, indexes: range) -> list[float]:
        """The audit alone, in this process, on the workers' mirror, with a warm cache."""
        cache = RepoCache(self.world.cache_dir, self.remotes.url_template)
        mirror = cache.mirror("bench", "research")
        analysis: dict[str, str] = {}
        audit_pull_request(mirror, self.base, self.heads[0], analysis)  # warm the cache
        timings = []
        for index in indexes:
            started = time.perf_counter()
            audit_pull_request(mirror, self.base, self.heads[index], analysis)
            timings.append(time.perf_counter() - started)
        return timings


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:8.1f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--latency-runs", type=int, default=20)
    parser.add_argument("--queued", type=int, default=200)
    options = parser.parse_args()
    runs, queued = options.latency_runs, options.queued
    with tempfile.TemporaryDirectory(prefix="lora-audit-bench-") as tmp:
        bench = Bench(Path(tmp), 1 + runs + queued)
        try:
            bench.start()
            bench.latency(0)  # warm: the first fetch makes the mirror, the first audit the cache
            latencies = [bench.latency(index) for index in range(1, runs + 1)]
            reference = bench.reference(range(1, runs + 1))

            first = runs + 1
            started = time.perf_counter()
            for index in range(first, first + queued):
                bench.deliver(index)
            posted = time.perf_counter() - started
            target = 1 + runs + queued
            wait_until(
                lambda: bench.completed_count() >= target,
                timeout=max(600, queued * 5),
                what=f"{queued} check runs",
            )
            elapsed = time.perf_counter() - started
        finally:
            bench.stop()

    latency_median, reference_median = statistics.median(latencies), statistics.median(reference)
    throughput = queued / elapsed
    ideal = 2 / reference_median  # two processes doing nothing but the audit
    print()
    print(f"latency, delivery -> completed check run (median of {runs}, warm mirror):")
    spread = f"min {_ms(min(latencies))}, max {_ms(max(latencies))}"
    print(f"  app        {_ms(latency_median)}  ({spread})")
    print(f"  reference  {_ms(reference_median)}  (the audit alone, in-process, warm cache)")
    print(f"  ratio      {latency_median / reference_median:8.1f} x   (target: app < 3 s)")
    print(f"throughput, {queued} queued pull_request events, 2 worker processes:")
    print(f"  app        {throughput:8.2f} checks/s  ({elapsed:.1f}s; posting took {posted:.1f}s)")
    print(f"  reference  {ideal:8.2f} checks/s  (2 x the in-process audit rate)")
    print(f"  ratio      {throughput / ideal:8.2f} of the reference")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
