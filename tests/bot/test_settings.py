"""Settings come from LORA_AUDIT_* variables (or the env file setup writes); a bad environment is
one line, in words, naming every problem at once; the private key is parsed at start-up."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.settings import SettingsError, app_is_configured, get_settings
from tests.standin.keys import app_key_pair

REQUIRED = {
    "LORA_AUDIT_APP_ID": "42",
    "LORA_AUDIT_PRIVATE_KEY": app_key_pair().private_pem.replace("\n", "\\n"),
    "LORA_AUDIT_WEBHOOK_SECRET": "s3cret",
}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> pytest.MonkeyPatch:
    for name in list(os.environ):
        if name.startswith("LORA_AUDIT_"):
            monkeypatch.delenv(name)
    monkeypatch.setenv("LORA_AUDIT_ENV_FILE", str(tmp_path / "absent.env"))
    for name, value in REQUIRED.items():
        monkeypatch.setenv(name, value)
    return monkeypatch


def test_defaults(env: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    assert settings.app_id == 42
    assert settings.github_api_url == "https://api.github.com"
    assert settings.redis_url == "redis://127.0.0.1:6379/0"
    assert settings.private_key_pem == app_key_pair().private_pem
    assert settings.git_url("o", "r", "t") == "https://x-access-token:t@github.com/o/r.git"


def test_key_from_file(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    key = tmp_path / "app.pem"
    key.write_text(app_key_pair().private_pem)
    env.delenv("LORA_AUDIT_PRIVATE_KEY")
    env.setenv("LORA_AUDIT_PRIVATE_KEY_FILE", str(key))
    assert get_settings().private_key_pem == app_key_pair().private_pem


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"LORA_AUDIT_APP_ID": None}, "LORA_AUDIT_APP_ID is missing (the App's id"),
        ({"LORA_AUDIT_APP_ID": "abc"}, "LORA_AUDIT_APP_ID must be the App's id, a positive whole"),
        ({"LORA_AUDIT_WEBHOOK_SECRET": None}, "LORA_AUDIT_WEBHOOK_SECRET is missing"),
        ({"LORA_AUDIT_WEBHOOK_SECRET": ""}, "LORA_AUDIT_WEBHOOK_SECRET is empty"),
        ({"LORA_AUDIT_PRIVATE_KEY": None}, "LORA_AUDIT_PRIVATE_KEY or LORA_AUDIT_PRIVATE_KEY_FILE"),
        ({"LORA_AUDIT_PRIVATE_KEY": "abc"}, "LORA_AUDIT_PRIVATE_KEY is not a PEM private key"),
        ({"LORA_AUDIT_REDIS_URL": "localhost:6379"}, "LORA_AUDIT_REDIS_URL must be a redis://"),
        ({"LORA_AUDIT_GITHUB_API_URL": "ftp://x"}, "LORA_AUDIT_GITHUB_API_URL must start with"),
        (
            {"LORA_AUDIT_GIT_URL_TEMPLATE": "file:///x.git"},
            "LORA_AUDIT_GIT_URL_TEMPLATE must contain {owner} and {repo}",
        ),
    ],
)
def test_bad_environment_is_one_line(
    env: pytest.MonkeyPatch, change: dict[str, str | None], fragment: str
) -> None:
    for name, value in change.items():
        if value is None:
            env.delenv(name)
        else:
            env.setenv(name, value)
    with pytest.raises(SettingsError) as caught:
        get_settings()
    message = str(caught.value)
    assert fragment in message
    assert "\n" not in message
    assert "Input should" not in message  # words, not raw validation errors


def test_every_problem_is_named_at_once_and_secrets_are_never_shown(
    env: pytest.MonkeyPatch,
) -> None:
    env.delenv("LORA_AUDIT_APP_ID")
    env.delenv("LORA_AUDIT_WEBHOOK_SECRET")
    env.setenv("LORA_AUDIT_PRIVATE_KEY", "not-a-key-but-secret")
    env.setenv("LORA_AUDIT_REDIS_URL", "localhost:6379")
    with pytest.raises(SettingsError) as caught:
        get_settings()
    assert [problem.split(" ")[0] for problem in caught.value.problems] == [
        "LORA_AUDIT_APP_ID",
        "LORA_AUDIT_WEBHOOK_SECRET",
        "LORA_AUDIT_REDIS_URL",
        "LORA_AUDIT_PRIVATE_KEY",
    ]
    assert "not-a-key-but-secret" not in str(caught.value)
    assert "'localhost:6379'" in str(caught.value)


def test_an_env_file_is_read_and_the_environment_wins(
    env: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    env_file = tmp_path / "lora-audit.env"
    env_file.write_text("LORA_AUDIT_APP_ID=77\nLORA_AUDIT_PUBLIC_URL=https://audit.example.com\n")
    env.setenv("LORA_AUDIT_ENV_FILE", str(env_file))
    env.delenv("LORA_AUDIT_APP_ID")
    settings = get_settings()
    assert (settings.app_id, settings.public_url) == (77, "https://audit.example.com")
    env.setenv("LORA_AUDIT_APP_ID", "78")
    assert get_settings().app_id == 78


def test_an_unconfigured_app_is_told_apart_from_a_broken_one(
    env: pytest.MonkeyPatch,
) -> None:
    assert app_is_configured()
    for name in REQUIRED:
        env.delenv(name)
    assert not app_is_configured()
    env.setenv("LORA_AUDIT_WEBHOOK_SECRET", "only this")
    assert app_is_configured()
