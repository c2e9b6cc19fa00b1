"""Settings come from LORA_AUDIT_* variables; a bad environment is one clear line."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from bot.settings import SettingsError, get_settings

REQUIRED = {
    "LORA_AUDIT_APP_ID": "42",
    "LORA_AUDIT_PRIVATE_KEY": "-----BEGIN KEY-----\\nabc\\n-----END KEY-----",
    "LORA_AUDIT_WEBHOOK_SECRET": "s3cret",
}


@pytest.fixture
def env(monkeypatch: pytest.MonkeyPatch) -> pytest.MonkeyPatch:
    for name in list(os.environ):
        if name.startswith("LORA_AUDIT_"):
            monkeypatch.delenv(name)
    for name, value in REQUIRED.items():
        monkeypatch.setenv(name, value)
    return monkeypatch


def test_defaults(env: pytest.MonkeyPatch) -> None:
    settings = get_settings()
    assert settings.app_id == 42
    assert settings.github_api_url == "https://api.github.com"
    assert settings.redis_url == "redis://127.0.0.1:6379/0"
    assert settings.private_key_pem.count("\n") == 2
    assert settings.git_url("o", "r", "t") == "https://x-access-token:t@github.com/o/r.git"


def test_key_from_file(env: pytest.MonkeyPatch, tmp_path: Path) -> None:
    key = tmp_path / "app.pem"
    key.write_text("PEM")
    env.delenv("LORA_AUDIT_PRIVATE_KEY")
    env.setenv("LORA_AUDIT_PRIVATE_KEY_FILE", str(key))
    assert get_settings().private_key_pem == "PEM"


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"LORA_AUDIT_APP_ID": None}, "LORA_AUDIT_APP_ID is missing"),
        ({"LORA_AUDIT_APP_ID": "abc"}, "LORA_AUDIT_APP_ID"),
        ({"LORA_AUDIT_WEBHOOK_SECRET": None}, "LORA_AUDIT_WEBHOOK_SECRET is missing"),
        ({"LORA_AUDIT_WEBHOOK_SECRET": ""}, "LORA_AUDIT_WEBHOOK_SECRET"),
        ({"LORA_AUDIT_PRIVATE_KEY": None}, "LORA_AUDIT_PRIVATE_KEY or LORA_AUDIT_PRIVATE_KEY_FILE"),
        ({"LORA_AUDIT_REDIS_URL": "localhost:6379"}, "LORA_AUDIT_REDIS_URL"),
        ({"LORA_AUDIT_GITHUB_API_URL": "ftp://x"}, "LORA_AUDIT_GITHUB_API_URL"),
        ({"LORA_AUDIT_GIT_URL_TEMPLATE": "file:///x.git"}, "LORA_AUDIT_GIT_URL_TEMPLATE"),
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
