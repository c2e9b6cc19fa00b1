"""The container image, checked without a Docker engine: the Dockerfile and compose file parsed,
and the image's entrypoint and healthcheck run for real as the image runs them."""

from __future__ import annotations

import http.server
import json
import os
import shlex
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DOCKERFILE = ROOT / "deploy" / "Dockerfile"
COMPOSE = ROOT / "deploy" / "compose.yaml"


def instructions(text: str) -> list[tuple[str, str]]:
    """(INSTRUCTION, arguments) per Dockerfile instruction: continuations joined, comments out."""
    out: list[tuple[str, str]] = []
    pending = ""
    for line in text.splitlines():
        stripped = line.strip()
        if not pending and (not stripped or stripped.startswith("#")):
            continue
        if stripped.startswith("#"):
            continue  # a comment inside a continued instruction
        if stripped.endswith("\\"):
            pending += stripped[:-1] + " "
            continue
        whole = pending + stripped
        pending = ""
        keyword, _, rest = whole.partition(" ")
        out.append((keyword.upper(), rest.strip()))
    return out


def final_stage(parsed: list[tuple[str, str]]) -> list[tuple[str, str]]:
    starts = [index for index, (keyword, _) in enumerate(parsed) if keyword == "FROM"]
    return parsed[starts[-1] :]


def exec_form(arguments: str) -> list[str]:
    value = json.loads(arguments)
    assert isinstance(value, list), arguments
    return [str(item) for item in value]


def labels(stage: list[tuple[str, str]]) -> dict[str, str]:
    found: dict[str, str] = {}
    for keyword, rest in stage:
        if keyword == "LABEL":
            for token in shlex.split(rest):
                key, _, value = token.partition("=")
                found[key] = value
    return found


def test_the_image_has_an_entrypoint_a_healthcheck_and_oci_labels() -> None:
    parsed = instructions(DOCKERFILE.read_text())
    stage = final_stage(parsed)
    entry = [rest for keyword, rest in stage if keyword == "ENTRYPOINT"]
    assert len(entry) == 1
    assert exec_form(entry[0]) == ["python", "-m", "lora_audit.entrypoint"]
    cmd = [rest for keyword, rest in stage if keyword == "CMD"]
    assert exec_form(cmd[-1])[0] == "serve"
    (health,) = [rest for keyword, rest in stage if keyword == "HEALTHCHECK"]
    options, _, probe = health.partition("CMD ")
    assert "--interval=" in options
    assert exec_form(probe) == ["python", "-m", "lora_audit.entrypoint", "healthcheck"]
    found = labels(stage)
    for key in ("title", "description", "version", "licenses", "source"):
        assert found.get(f"org.opencontainers.image.{key}"), key
    assert found["org.opencontainers.image.licenses"] == "MIT"
    users = [rest for keyword, rest in stage if keyword == "USER"]
    assert users
    assert users[-1] not in ("root", "0")


def test_the_image_installs_the_app_extra_and_copies_what_exists() -> None:
    parsed = instructions(DOCKERFILE.read_text())
    syncs = [rest for keyword, rest in parsed if keyword == "RUN" and "uv sync" in rest]
    assert syncs
    for sync in syncs:
        assert "--frozen" in sync
        assert "--extra app" in sync
        assert "--no-dev" in sync
    for keyword, rest in parsed:
        if keyword == "COPY" and "--from=" not in rest:
            *sources, _target = shlex.split(rest)
            for source in sources:
                assert (ROOT / source).exists(), source


def test_compose_runs_subcommands_through_the_image() -> None:
    compose = yaml.safe_load(COMPOSE.read_text())
    app = compose["services"]["web"]
    assert app["build"]["dockerfile"] == "deploy/Dockerfile"
    from lora_audit.cli import SUBCOMMANDS

    for name in ("web", "worker", "beat"):
        command = compose["services"][name]["command"]
        assert command[0] in SUBCOMMANDS, (name, command)


def _entrypoint(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "lora_audit.entrypoint", *args],
        capture_output=True, text=True, timeout=180, check=False, cwd=ROOT, env=env,
    )  # fmt: skip


@pytest.fixture
def container_env(tmp_path: Path) -> dict[str, str]:
    """The entrypoint finds `lora-audit` on PATH, as in the image."""
    bin_dir = Path(sys.executable).parent
    return {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "LORA_AUDIT_ROLE_FILE": str(tmp_path / "role.json"),
        "XDG_CACHE_HOME": str(tmp_path / "cache"),
    }


def test_docker_run_image_scan_src_runs_the_scan(container_env: dict[str, str]) -> None:
    for prefix in ([], ["lora-audit"]):
        result = _entrypoint(*prefix, "scan", "examples/stale-serve", "--format", "json",
                             env=container_env)  # fmt: skip
        assert result.returncode == 1, result.stderr  # the example has an Affected driver
        report = json.loads(result.stdout)
        assert report["root"] == "examples/stale-serve"
    assert _entrypoint("healthcheck", env=container_env).returncode == 0  # a scan: no web role


class _Health(http.server.BaseHTTPRequestHandler):
    status = 200

    def do_GET(self) -> None:
        self.send_response(self.status if self.path == "/healthz" else 404)
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def web() -> Iterator[http.server.HTTPServer]:
    server = http.server.HTTPServer(("127.0.0.1", 0), _Health)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()


def test_the_healthcheck_asks_the_web_roles_healthz(
    container_env: dict[str, str], web: http.server.HTTPServer, tmp_path: Path
) -> None:
    from lora_audit.entrypoint import command

    assert command([]) == ["lora-audit", "serve", "--host", "0.0.0.0", "--port", "8000"]
    role = tmp_path / "role.json"
    port = web.server_address[1]
    role.write_text(json.dumps({"subcommand": "serve", "port": port}))
    assert _entrypoint("healthcheck", env=container_env).returncode == 0
    _Health.status = 503
    try:
        assert _entrypoint("healthcheck", env=container_env).returncode == 1
    finally:
        _Health.status = 200
    web.server_close()
    role.write_text(json.dumps({"subcommand": "serve", "port": 9}))  # nothing listens
    assert _entrypoint("healthcheck", env=container_env).returncode == 1
