"""The setup writes the new App's settings readable by their owner only, never over old ones,
in a form compose, a shell and lora-audit itself all read back verbatim."""

from __future__ import annotations

import os
import stat
import subprocess
from pathlib import Path

import pytest

from bot.setup_files import ExistingConfiguration, Registration, write_registration
from bot.setup_flow import StateTokens
from tests.standin.keys import app_key_pair

REGISTRATION = Registration(
    app_id=123,
    name="lora-audit",
    slug="lora-audit",
    html_url="https://github.com/apps/lora-audit",
    pem=app_key_pair().private_pem,
    webhook_secret="0123abcd",
)


def test_written_files_are_private_and_read_back_verbatim(tmp_path: Path) -> None:
    env_file = tmp_path / "deploy" / "lora-audit.env"
    written = write_registration(
        REGISTRATION, env_file, api_url="https://api.github.com", public_url="https://a.example"
    )
    assert written.key_file == env_file.parent / "lora-audit.pem"
    for path in (written.env_file, written.key_file):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert written.key_file.read_text() == REGISTRATION.pem
    text = env_file.read_text()
    assert "GITHUB_API_URL" not in text  # github.com: the defaults hold
    assert "GIT_URL_TEMPLATE" not in text
    shell = subprocess.run(
        ["sh", "-c", f'set -a; . "{env_file}"; echo "$LORA_AUDIT_APP_ID $LORA_AUDIT_PUBLIC_URL"'],
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": os.environ["PATH"]},
    )
    assert shell.stdout.split() == ["123", "https://a.example"]


def test_enterprise_server_gets_its_api_and_git_addresses(tmp_path: Path) -> None:
    env_file = tmp_path / "lora-audit.env"
    write_registration(
        REGISTRATION, env_file, api_url="https://ghe.example.com/api/v3/", public_url=None
    )
    text = env_file.read_text()
    assert "LORA_AUDIT_GITHUB_API_URL='https://ghe.example.com/api/v3'" in text
    expected = "https://x-access-token:{token}@ghe.example.com/{owner}/{repo}.git"
    assert f"LORA_AUDIT_GIT_URL_TEMPLATE='{expected}'" in text


@pytest.mark.parametrize("existing", ["lora-audit.env", "lora-audit.pem"])
def test_an_existing_configuration_is_never_overwritten(tmp_path: Path, existing: str) -> None:
    (tmp_path / existing).write_text("old")
    with pytest.raises(ExistingConfiguration) as caught:
        write_registration(
            REGISTRATION,
            tmp_path / "lora-audit.env",
            api_url="https://api.github.com",
            public_url=None,
        )
    assert existing in str(caught.value)
    assert (tmp_path / existing).read_text() == "old"
    assert sorted(path.name for path in tmp_path.iterdir()) == [existing]


def test_a_value_that_could_escape_its_quotes_is_refused(tmp_path: Path) -> None:
    hostile = Registration(**{**REGISTRATION.__dict__, "webhook_secret": "x'\nLORA_AUDIT_X=1"})
    with pytest.raises(ValueError, match="quote or a newline"):
        write_registration(
            hostile, tmp_path / "e.env", api_url="https://api.github.com", public_url=None
        )
    assert list(tmp_path.iterdir()) == []


def test_state_tokens_work_once_and_expire() -> None:
    tokens = StateTokens(ttl=3600)
    token = tokens.issue()
    assert not tokens.take("forged")
    assert tokens.take(token)
    assert not tokens.take(token)  # one time only
    expired = StateTokens(ttl=0)
    assert not expired.take(expired.issue())
