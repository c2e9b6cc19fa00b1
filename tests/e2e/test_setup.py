"""From nothing to a first check run: `lora-audit serve` with no App registers one from app.yml
through the manifest flow (the stand-in plays GitHub's pages and API), writes its settings, and
the deployment started on them posts a check run for a pull request."""

from __future__ import annotations

import html
import json
import os
import re
import signal
import stat
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import httpx
import pytest

from bot.jobs import PullRequestAudit
from tests.e2e import payloads
from tests.e2e.deployment import Deployment, wait_until
from tests.standin import GitHubStandIn
from tests.support.ports import free_port, wait_for_port
from tests.workers.drivers import AFFECTED, UNRELATED
from tests.workers.remotes import Remotes
from tests.workers.world import INSTALLATION_ID

pytestmark = pytest.mark.slow
FORM = re.compile(
    r'<form action="([^"]+)" method="post"><input type="hidden" name="manifest" value="([^"]*)">'
)


def _base_env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("LORA_AUDIT_")}
    return env | extra


@contextmanager
def serving(env: dict[str, str], cwd: Path, port: int) -> Iterator[str]:
    """`lora-audit serve` as an operator starts it, on `port`."""
    process = subprocess.Popen(
        [sys.executable, "-m", "lora_audit", "serve", "--port", str(port)],
        env=env,
        cwd=cwd,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for_port(port, timeout=30)
        yield f"http://127.0.0.1:{port}"
    finally:
        process.send_signal(signal.SIGINT)
        _, stderr = process.communicate(timeout=20)
        assert process.returncode == 0, stderr.decode()


def _form(page: str) -> tuple[str, dict[str, Any]]:
    found = FORM.search(page)
    assert found is not None, page
    return html.unescape(found.group(1)), json.loads(html.unescape(found.group(2)))


def _register(
    base: str, query: str = "", *, public: str | None = None
) -> tuple[httpx.Response, dict[str, Any], str]:
    """What a browser does: open /setup, post its form to GitHub, follow GitHub's redirect
    (to `public`, the deployment's public address, which is `base` here)."""
    page = httpx.get(f"{base}/setup{query}", timeout=10)
    assert page.status_code == 200, page.text
    action, manifest = _form(page.text)
    redirect = httpx.post(action, data={"manifest": json.dumps(manifest)}, timeout=10)
    assert redirect.status_code == 302, redirect.text
    callback = redirect.headers["location"]
    if public is not None:
        assert callback.startswith(f"{public}/setup/callback?")
        callback = base + callback.removeprefix(public)
    return httpx.get(callback, timeout=30), manifest, action


def test_setup_from_nothing_to_a_first_check_run(
    github_standin: GitHubStandIn, redis_url: str, tmp_path: Path
) -> None:
    env_file = tmp_path / "deploy" / "lora-audit.env"
    port = free_port()
    setup_env = _base_env(
        LORA_AUDIT_GITHUB_API_URL=github_standin.url,
        LORA_AUDIT_ENV_FILE=str(env_file),
        LORA_AUDIT_REDIS_URL=redis_url,
    )
    with serving(setup_env, tmp_path, port) as base:
        home = httpx.get(f"{base}/", timeout=10)
        assert home.status_code == 200
        assert 'href="/setup"' in home.text
        forged = httpx.get(f"{base}/setup/callback?code=abc&state=forged", timeout=10)
        assert forged.status_code == 403
        assert not env_file.parent.exists()

        done, manifest, action = _register(base)

        assert action.startswith(f"{github_standin.url}/settings/apps/new?state=")
        assert manifest["hook_attributes"]["url"] == f"{base}/webhooks"
        assert manifest["redirect_url"] == f"{base}/setup/callback"
        assert manifest["setup_url"] == f"{base}/installed"
        assert manifest["default_permissions"]["pull_requests"] == "write"
        assert done.status_code == 200, done.text
        assert "is registered" in done.text
        assert f"{github_standin.url}/apps/{github_standin.state.app_slug}/installations/new" in (
            done.text
        )
        key_file = env_file.parent / "lora-audit.pem"
        for path in (env_file, key_file):
            assert stat.S_IMODE(path.stat().st_mode) == 0o600
        assert key_file.read_text() == github_standin.keys.private_pem
        written = env_file.read_text()
        assert f"LORA_AUDIT_APP_ID='{github_standin.app_id}'" in written
        assert f"LORA_AUDIT_PRIVATE_KEY_FILE='{key_file}'" in written
        assert f"LORA_AUDIT_WEBHOOK_SECRET='{github_standin.state.hook_secret}'" in written
        assert github_standin.keys.private_pem.splitlines()[1] not in done.text  # never shown
        # The code is spent and the App configured: the flow never registers a second one.
        query = urlsplit(str(done.url)).query
        assert httpx.get(f"{base}/setup/callback?{query}", timeout=10).status_code == 409
        assert httpx.get(f"{base}/setup", timeout=10).status_code == 409

    # The deployment, started with nothing but the env file for its App, runs as the new App.
    remotes = Remotes(tmp_path / "remotes")
    github_standin.add_repo("first/run", installation_id=INSTALLATION_ID)
    git = remotes.create("first/run")
    git.commit("base", {"util.py": UNRELATED})
    git.branch("loop")
    git.checkout("loop")
    head = git.commit("an eval loop", {"eval_ckpts.py": AFFECTED})
    remotes.push(git, "loop", "main")
    number = github_standin.add_pull_request(
        "first/run", head_sha=head, base_sha=git.git("rev-parse", "main"), head_ref="loop"
    )
    deployment = Deployment(
        {
            "LORA_AUDIT_ENV_FILE": str(env_file),
            "LORA_AUDIT_REDIS_URL": redis_url,
            "LORA_AUDIT_GIT_URL_TEMPLATE": remotes.url_template,
            "LORA_AUDIT_CACHE_DIR": str(tmp_path / "cache"),
            "LORA_AUDIT_TASK_TIME_LIMIT": "60",
            "LORA_AUDIT_VISIBILITY_TIMEOUT": "90",
        },
        tmp_path / "run",
        concurrency=1,
        beat=False,
    )
    deployment.port = port  # where the registered App's webhooks go
    deployment.start()
    try:
        home = httpx.get(f"{deployment.url}/", timeout=10)
        assert home.status_code == 200
        install = f"{github_standin.url}/apps/{github_standin.state.app_slug}/installations/new"
        assert install in home.text
        assert "/badge/OWNER/REPO.svg" in home.text
        installed = httpx.get(f"{deployment.url}/installed?installation_id=77", timeout=10)
        assert installed.status_code == 200  # the manifest's setup_url
        assert "is installed" in installed.text
        payload = payloads.pull_request(
            "opened",
            repo="first/run",
            repo_id=github_standin.state.repo("first/run").id,  # type: ignore[union-attr]
            installation_id=INSTALLATION_ID,
            number=number,
            head_sha=head,
            head_ref="loop",
            base_sha=git.git("rev-parse", "main"),
        )
        delivery = github_standin.deliver("pull_request", payload)  # signed with the new secret
        assert delivery.status_code == 202, deployment.all_logs()
        [run] = wait_until(
            lambda: [r for r in github_standin.check_runs("first/run") if r.status == "completed"],
            timeout=60,
            what="the first check run",
        )
        assert (run.head_sha, run.conclusion) == (head, "failure")
        assert PullRequestAudit.TASK_NAME in deployment.all_logs()
    finally:
        deployment.stop()


def test_enterprise_server_and_an_existing_configuration(
    github_standin: GitHubStandIn, redis_url: str, tmp_path: Path
) -> None:
    env_file = tmp_path / "lora-audit.env"
    env = _base_env(
        LORA_AUDIT_GITHUB_API_URL=github_standin.enterprise_url,
        LORA_AUDIT_ENV_FILE=str(env_file),
        LORA_AUDIT_PUBLIC_URL="https://audit.example.org",
    )
    key_file = tmp_path / "lora-audit.pem"
    with serving(env, tmp_path, free_port()) as base:
        page = httpx.get(f"{base}/setup?organization=octo-org", timeout=10)
        action, manifest = _form(page.text)
        # GitHub Enterprise Server: the pages are at https://HOST, the API at https://HOST/api/v3.
        assert action.startswith(f"{github_standin.url}/organizations/octo-org/settings/apps/new?")
        assert manifest["hook_attributes"]["url"] == "https://audit.example.org/webhooks"
        # A key appears before GitHub sends the browser back: nothing is overwritten, and the
        # code is not even spent.
        key_file.write_text("an existing key")
        redirect = httpx.post(action, data={"manifest": json.dumps(manifest)}, timeout=10)
        public = "https://audit.example.org"
        refused = httpx.get(base + redirect.headers["location"].removeprefix(public), timeout=10)
        assert refused.status_code == 409
        assert str(key_file) in refused.text
        assert key_file.read_text() == "an existing key"
        assert not env_file.exists()
        [posted] = github_standin.manifests()
        assert posted.organization == "octo-org"
        assert not posted.converted
        # While it exists, the setup page does not even offer to register.
        assert httpx.get(f"{base}/setup", timeout=10).status_code == 409

        key_file.unlink()
        done, _, action = _register(base, public=public)
        assert done.status_code == 200, done.text
        [state] = parse_qs(urlsplit(action).query)["state"]
        assert f"state={state}" in str(done.url)  # the one-time token travelled through GitHub
    written = env_file.read_text()
    assert f"LORA_AUDIT_GITHUB_API_URL='{github_standin.enterprise_url}'" in written
    host = urlsplit(github_standin.url).netloc
    assert f"LORA_AUDIT_GIT_URL_TEMPLATE='http://x-access-token:{{token}}@{host}/" in written
    assert "LORA_AUDIT_PUBLIC_URL='https://audit.example.org'" in written
