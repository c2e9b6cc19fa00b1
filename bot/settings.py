"""Settings from `LORA_AUDIT_*` environment variables (DESIGN.md §6), read when asked."""

from __future__ import annotations

import os
from functools import cached_property
from pathlib import Path

from pydantic import Field, SecretStr, ValidationError, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_PREFIX = "LORA_AUDIT_"
DEFAULT_API_URL = "https://api.github.com"
DEFAULT_GIT_URL_TEMPLATE = "https://x-access-token:{token}@github.com/{owner}/{repo}.git"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"


def _default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lora-audit" / "mirrors"


class SettingsError(Exception):
    """A missing or invalid setting; the message is one line naming the variable."""


class Settings(BaseSettings):
    """Everything the web app and the workers need to talk to GitHub, Redis and git."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

    app_id: int = Field(gt=0)
    private_key: SecretStr | None = None
    private_key_file: Path | None = None
    webhook_secret: SecretStr
    github_api_url: str = DEFAULT_API_URL
    git_url_template: str = DEFAULT_GIT_URL_TEMPLATE
    redis_url: str = DEFAULT_REDIS_URL
    cache_dir: Path = Field(default_factory=_default_cache_dir)
    public_url: str | None = None
    # What the web app spends on deliveries before they are authenticated (bot/webhooks.py).
    webhook_body_timeout: float = Field(default=10.0, gt=0)
    webhook_buffer_bytes: int = Field(default=64 * 1024 * 1024, gt=0)

    @field_validator("webhook_secret")
    @classmethod
    def _non_empty_secret(cls, value: SecretStr) -> SecretStr:
        if not value.get_secret_value():
            raise ValueError("must not be empty")
        return value

    @field_validator("github_api_url", "public_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value.rstrip("/") if value else value

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, value: str) -> str:
        if not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("must be a redis:// URL")
        return value

    @field_validator("git_url_template")
    @classmethod
    def _template(cls, value: str) -> str:
        for field in ("{owner}", "{repo}"):
            if field not in value:
                raise ValueError(f"must contain {field}")
        return value

    @model_validator(mode="after")
    def _one_private_key(self) -> Settings:
        if self.private_key is None and self.private_key_file is None:
            raise ValueError(f"{ENV_PREFIX}PRIVATE_KEY or {ENV_PREFIX}PRIVATE_KEY_FILE is required")
        return self

    @cached_property
    def private_key_pem(self) -> str:
        """The App's PEM key, from the variable or the file it names."""
        if self.private_key is not None:
            return self.private_key.get_secret_value().replace("\\n", "\n")
        assert self.private_key_file is not None  # guaranteed by _one_private_key
        try:
            return self.private_key_file.read_text()
        except OSError as exc:
            raise SettingsError(
                f"{ENV_PREFIX}PRIVATE_KEY_FILE: cannot read {self.private_key_file}: {exc.strerror}"
            ) from exc

    def git_url(self, owner: str, repo: str, token: str) -> str:
        return self.git_url_template.format(owner=owner, repo=repo, token=token)


def _one_line(error: ValidationError) -> str:
    problems = []
    for item in error.errors():
        field = str(item["loc"][0]) if item["loc"] else ""
        name = f"{ENV_PREFIX}{field.upper()}" if field else "settings"
        message = "is missing" if item["type"] == "missing" else item["msg"]
        problems.append(f"{name} {message}" if field else message.removeprefix("Value error, "))
    return "invalid configuration: " + "; ".join(problems)


def get_settings() -> Settings:
    """Read and validate the environment now; raise `SettingsError` with a one-line message."""
    try:
        return Settings()  # fields come from the environment
    except ValidationError as exc:
        raise SettingsError(_one_line(exc)) from None
