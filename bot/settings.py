"""Settings from `LORA_AUDIT_*` environment variables (DESIGN.md §6), read when asked.

The variables may also come from an env file, as the App's setup writes it: `LORA_AUDIT_ENV_FILE`
(default `deploy/lora-audit.env`, the file compose reads), when it exists. A variable set in the
environment wins over the file.

Start-up checks everything at once: one message names every missing or invalid variable, in
words, and the private key is read and parsed, so a bad key stops the process, not a task.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import cached_property
from pathlib import Path
from typing import Any

from pydantic import Field, SecretStr, ValidationError, field_validator
from pydantic_core import ErrorDetails
from pydantic_settings import BaseSettings, SettingsConfigDict

ENV_PREFIX = "LORA_AUDIT_"
ENV_FILE_VARIABLE = f"{ENV_PREFIX}ENV_FILE"
DEFAULT_ENV_FILE = Path("deploy") / "lora-audit.env"
DEFAULT_API_URL = "https://api.github.com"
DEFAULT_GIT_URL_TEMPLATE = "https://x-access-token:{token}@github.com/{owner}/{repo}.git"
DEFAULT_REDIS_URL = "redis://127.0.0.1:6379/0"
# The settings that identify the App; with none of them set, `serve` offers the setup flow.
APP_IDENTITY = ("app_id", "private_key", "private_key_file", "webhook_secret")
SECRET_FIELDS = frozenset({"private_key", "webhook_secret"})

# What each variable is, for messages that say what to do rather than what a validator said.
MEANINGS = {
    "app_id": "the App's id, a positive whole number on its GitHub settings page",
    "webhook_secret": "the webhook secret chosen when the App was registered",
    "github_api_url": "GitHub's API, https://api.github.com or https://HOST/api/v3",
    "git_url_template": "where to fetch a repository from, with {owner} and {repo}",
    "redis_url": "a redis://HOST:PORT/DB URL",
    "public_url": "this deployment's public https:// address",
    "cache_dir": "a folder for repository mirrors",
}


def _default_cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "lora-audit" / "mirrors"


class SettingsError(Exception):
    """Missing or invalid settings; the message is one line naming every variable concerned."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = list(problems)
        super().__init__("invalid configuration: " + "; ".join(self.problems))


class _Urls(BaseSettings):
    """Where GitHub is, and where this deployment is: all the setup flow needs."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore", frozen=True)

    github_api_url: str = DEFAULT_API_URL
    public_url: str | None = None
    # What the web app spends on deliveries before they are authenticated (bot/webhooks.py).
    webhook_body_timeout: float = Field(default=10.0, gt=0)
    webhook_buffer_bytes: int = Field(default=64 * 1024 * 1024, gt=0)

    @field_validator("github_api_url", "public_url")
    @classmethod
    def _http_url(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("http://", "https://")):
            raise ValueError("must start with http:// or https://")
        return value.rstrip("/") if value else value


class SetupSettings(_Urls):
    """What `serve` needs before the App exists (the manifest flow registers it)."""

    @property
    def env_file(self) -> Path:
        """Where the setup writes the App's settings (it never overwrites one)."""
        return env_file_path()


class Settings(_Urls):
    """Everything the web app and the workers need to talk to GitHub, Redis and git."""

    app_id: int = Field(gt=0)
    private_key: SecretStr | None = None
    private_key_file: Path | None = None
    webhook_secret: SecretStr
    git_url_template: str = DEFAULT_GIT_URL_TEMPLATE
    redis_url: str = DEFAULT_REDIS_URL
    cache_dir: Path = Field(default_factory=_default_cache_dir)

    @field_validator("webhook_secret")
    @classmethod
    def _non_empty_secret(cls, value: SecretStr) -> SecretStr:
        if not value.get_secret_value():
            raise ValueError("is empty")
        return value

    @field_validator("redis_url")
    @classmethod
    def _redis_url(cls, value: str) -> str:
        if not value.startswith(("redis://", "rediss://", "unix://")):
            raise ValueError("must be a redis://, rediss:// or unix:// URL")
        return value

    @field_validator("git_url_template")
    @classmethod
    def _template(cls, value: str) -> str:
        missing = [field for field in ("{owner}", "{repo}") if field not in value]
        if missing:
            raise ValueError(f"must contain {' and '.join(missing)}")
        return value

    @cached_property
    def private_key_pem(self) -> str:
        """The App's PEM key, from the variable or the file it names."""
        if self.private_key is not None:
            return self.private_key.get_secret_value().replace("\\n", "\n")
        if self.private_key_file is None:
            raise SettingsError([_KEY_MISSING])
        try:
            return self.private_key_file.read_text()
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) else "not a text file"
            raise SettingsError(
                [f"{ENV_PREFIX}PRIVATE_KEY_FILE: cannot read {self.private_key_file}: {why}"]
            ) from exc

    def git_url(self, owner: str, repo: str, token: str) -> str:
        return self.git_url_template.format(owner=owner, repo=repo, token=token)


_KEY_MISSING = (
    f"{ENV_PREFIX}PRIVATE_KEY or {ENV_PREFIX}PRIVATE_KEY_FILE is required "
    "(the App's private key, the .pem file GitHub generates for it)"
)


def variable(field: str) -> str:
    return f"{ENV_PREFIX}{field.upper()}"


def describe(
    errors: Sequence[ErrorDetails], meanings: Mapping[str, str], secrets: frozenset[str]
) -> list[str]:
    """One sentence per problem: the variable, what is wrong, and what it should be."""
    problems = []
    for item in errors:
        field = str(item["loc"][0]) if item["loc"] else ""
        if not field:
            problems.append(str(item["msg"]).removeprefix("Value error, "))
            continue
        meaning = meanings.get(field)
        if item["type"] == "missing":
            problems.append(f"{variable(field)} is missing" + (f" ({meaning})" if meaning else ""))
            continue
        if item["type"] == "value_error":
            what = str(item["msg"]).removeprefix("Value error, ")
        else:
            what = f"must be {meaning or _expected(item)}"
        shown = "" if field in secrets else _shown(item.get("input"))
        problems.append(f"{variable(field)} {what}{shown}")
    return problems


_EXPECTED = {
    "int_parsing": "a whole number",
    "int_from_float": "a whole number",
    "float_parsing": "a number",
    "bool_parsing": "true or false",
    "greater_than": "greater than {gt}",
    "greater_than_equal": "at least {ge}",
    "less_than": "less than {lt}",
    "string_type": "text",
}


def _expected(item: ErrorDetails) -> str:
    """What a value of this kind should be, in words (pydantic's message as a last resort)."""
    template = _EXPECTED.get(item["type"])
    if template is None:
        return str(item["msg"]).lower().removeprefix("input should be ")
    bounds = {
        key: f"{value:g}" if isinstance(value, float) else value
        for key, value in item.get("ctx", {}).items()
    }
    return template.format(**bounds)


def _shown(value: Any) -> str:
    if not isinstance(value, str):
        return ""
    text = value if len(value) <= 60 else value[:57] + "..."
    return f" (it is {text!r})"


def env_file_path() -> Path:
    """LORA_AUDIT_ENV_FILE, else deploy/lora-audit.env (relative to the working directory)."""
    named = os.environ.get(ENV_FILE_VARIABLE)
    return Path(named) if named else DEFAULT_ENV_FILE


def env_file() -> Path | None:
    """The env file to read, if it exists."""
    path = env_file_path()
    return path if path.is_file() else None


class _Identity(BaseSettings):
    """Which of the App's identity settings are present at all (nothing validated)."""

    model_config = SettingsConfigDict(env_prefix=ENV_PREFIX, extra="ignore")

    app_id: str | None = None
    private_key: str | None = None
    private_key_file: str | None = None
    webhook_secret: str | None = None


def app_is_configured() -> bool:
    """False when no App id, key or secret is set anywhere: `serve` then offers the setup."""
    found = _Identity(_env_file=env_file())
    return any(getattr(found, name) for name in APP_IDENTITY)


def _check_key(private_key: str | None, private_key_file: Path | None) -> list[str]:
    """The key must be readable and a PEM private key GitHub's JWTs can be signed with."""
    from cryptography.hazmat.primitives.asymmetric.rsa import RSAPrivateKey
    from cryptography.hazmat.primitives.serialization import load_pem_private_key

    if private_key is None and private_key_file is None:
        return [_KEY_MISSING]
    if private_key is not None:
        pem, source = private_key.replace("\\n", "\n"), f"{ENV_PREFIX}PRIVATE_KEY"
    else:
        assert private_key_file is not None
        source = f"{ENV_PREFIX}PRIVATE_KEY_FILE ({private_key_file})"
        try:
            pem = private_key_file.read_text()
        except (OSError, UnicodeDecodeError) as exc:
            why = exc.strerror if isinstance(exc, OSError) else "not a text file"
            return [f"{ENV_PREFIX}PRIVATE_KEY_FILE: cannot read {private_key_file}: {why}"]
    try:
        key = load_pem_private_key(pem.encode(), password=None)
    except (ValueError, TypeError):
        return [
            f"{source} is not a PEM private key (it should hold the text from "
            "-----BEGIN RSA PRIVATE KEY----- to -----END RSA PRIVATE KEY-----, unencrypted)"
        ]
    if not isinstance(key, RSAPrivateKey):
        return [f"{source} is not an RSA key (GitHub Apps sign with RSA keys)"]
    return []


def get_setup_settings() -> SetupSettings:
    """The settings of the setup flow (`serve` with no App configured yet)."""
    try:
        return SetupSettings()
    except ValidationError as exc:
        raise SettingsError(describe(exc.errors(), MEANINGS, SECRET_FIELDS)) from None


def get_settings() -> Settings:
    """Read and check the environment now; raise `SettingsError` naming every problem.

    The private key is read and parsed here, and its problems are reported with the others.
    """
    source = env_file()
    present = _Identity(_env_file=source)
    key_file = Path(present.private_key_file) if present.private_key_file else None
    problems = _check_key(present.private_key, key_file)
    try:
        settings = Settings(_env_file=source)
    except ValidationError as exc:
        raise SettingsError(describe(exc.errors(), MEANINGS, SECRET_FIELDS) + problems) from None
    if problems:
        raise SettingsError(problems)
    return settings
