"""Writing a newly registered App's id, key and secret where the deployment reads them.

The env file (`LORA_AUDIT_ENV_FILE`, default `deploy/lora-audit.env`, which compose reads and
`lora-audit` reads at start-up) and the private key beside it (`lora-audit.pem`, compose's secret)
are created readable by their owner only, and never over an existing file: a second registration
must not silently replace the App a deployment already runs as.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from bot.github.urls import DOTCOM_WEB, git_url_template, web_url
from bot.settings import DEFAULT_API_URL, ENV_PREFIX

KEY_FILE_NAME = "lora-audit.pem"
FILE_MODE = 0o600


@dataclass(frozen=True)
class Registration:
    """What GitHub answered when the manifest's code was exchanged."""

    app_id: int
    name: str
    slug: str | None
    html_url: str
    pem: str
    webhook_secret: str


@dataclass(frozen=True)
class Written:
    env_file: Path
    key_file: Path


class ExistingConfiguration(Exception):
    """The files the setup would write exist already; the message names them."""


def targets(env_file: Path) -> tuple[Path, Path]:
    """(env file, key file), as absolute paths."""
    env_file = env_file.absolute()
    return env_file, env_file.parent / KEY_FILE_NAME


def check_free(env_file: Path) -> None:
    """Raise ExistingConfiguration if either file exists."""
    existing = [str(path) for path in targets(env_file) if path.exists()]
    if existing:
        raise ExistingConfiguration(" and ".join(existing))


def _quoted(name: str, value: str) -> str:
    """`NAME='value'`, which compose, pydantic-settings and a POSIX shell all read verbatim."""
    if "'" in value or "\n" in value or "\r" in value:
        raise ValueError(f"{name} holds a quote or a newline; refusing to write it")
    return f"{ENV_PREFIX}{name}='{value}'"


def env_lines(
    registration: Registration, key_file: Path, *, api_url: str, public_url: str | None
) -> list[str]:
    when = datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
    lines = [
        f"# Written by lora-audit's setup on {when}: GitHub App {registration.name!r}",
        f"# ({registration.html_url}). Keep this file and {key_file.name} private.",
        _quoted("APP_ID", str(registration.app_id)),
        _quoted("PRIVATE_KEY_FILE", str(key_file)),
        _quoted("WEBHOOK_SECRET", registration.webhook_secret),
    ]
    if api_url.rstrip("/") != DEFAULT_API_URL:
        lines.append(_quoted("GITHUB_API_URL", api_url.rstrip("/")))
    web = web_url(api_url)
    if web != DOTCOM_WEB:
        lines.append(_quoted("GIT_URL_TEMPLATE", git_url_template(web)))
    if public_url:
        lines.append(_quoted("PUBLIC_URL", public_url))
    return lines


def _create(path: Path, text: str) -> None:
    """Create `path` with owner-only permissions; FileExistsError if it exists."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, FILE_MODE)
    with os.fdopen(descriptor, "w") as handle:
        handle.write(text)
    os.chmod(path, FILE_MODE)  # whatever the umask


def write_registration(
    registration: Registration, env_file: Path, *, api_url: str, public_url: str | None
) -> Written:
    """Write the key, then the env file (its presence is what marks the App as configured).

    Raises ExistingConfiguration (nothing written) when either file exists.
    """
    env_path, key_path = targets(env_file)
    lines = env_lines(registration, key_path, api_url=api_url, public_url=public_url)
    check_free(env_file)
    env_path.parent.mkdir(parents=True, exist_ok=True)
    try:
        _create(key_path, registration.pem)
    except FileExistsError:
        raise ExistingConfiguration(str(key_path)) from None
    try:
        _create(env_path, "\n".join(lines) + "\n")
    except FileExistsError:
        key_path.unlink()
        raise ExistingConfiguration(str(env_path)) from None
    return Written(env_path, key_path)
