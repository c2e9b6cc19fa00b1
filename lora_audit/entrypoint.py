"""The container's entrypoint: `docker run IMAGE scan /src`, `... serve`, `... worker --beat`.

The arguments are a `lora-audit` subcommand (a leading `lora-audit` is accepted too, so compose
files written for the plain command keep working). The process replaces itself with
`lora-audit`, so signals reach it directly. `healthcheck` is what the image's HEALTHCHECK runs:
a web container answers when its `/healthz` does; any other role is healthy while it runs.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

DEFAULT = ["serve", "--host", "0.0.0.0", "--port", "8000"]
ROLE_FILE_ENV = "LORA_AUDIT_ROLE_FILE"
HEALTH_TIMEOUT = 4.0


def role_file() -> Path:
    """Where the running container notes its role for the healthcheck (one per container)."""
    return Path(os.environ.get(ROLE_FILE_ENV) or Path(tempfile.gettempdir()) / "lora-audit-role")


def _port(args: Sequence[str]) -> int:
    for index, arg in enumerate(args):
        if arg == "--port" and index + 1 < len(args) and args[index + 1].isdigit():
            return int(args[index + 1])
        if arg.startswith("--port=") and arg[7:].isdigit():
            return int(arg[7:])
    return 8000


def healthcheck() -> int:
    """0 when healthy: the web role's `/healthz` answers 200; other roles are alive by running."""
    try:
        role = json.loads(role_file().read_text())
    except (OSError, ValueError):
        return 0  # nothing recorded: a one-off command (scan, replay) is healthy while it runs
    if not isinstance(role, dict) or role.get("subcommand") != "serve":
        return 0
    import urllib.request

    url = f"http://127.0.0.1:{int(role.get('port', 8000))}/healthz"
    try:
        with urllib.request.urlopen(url, timeout=HEALTH_TIMEOUT) as answer:
            return 0 if answer.status == 200 else 1
    except OSError as exc:
        print(f"healthcheck: {url}: {exc}", file=sys.stderr)
        return 1


def command(argv: Sequence[str]) -> list[str]:
    """The `lora-audit` command line the container runs for these arguments."""
    args = list(argv) or list(DEFAULT)
    if args[0] == "lora-audit":
        args = args[1:] or list(DEFAULT)
    return ["lora-audit", *args]


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args == ["healthcheck"]:
        return healthcheck()
    line = command(args)
    if line[1] == "serve":
        # A read-only /tmp: the healthcheck then only knows that the process runs.
        with contextlib.suppress(OSError):
            role_file().write_text(json.dumps({"subcommand": "serve", "port": _port(line)}))
    os.execvp(line[0], line)
    return 127  # not reached: execvp raises when it cannot run the command


if __name__ == "__main__":
    raise SystemExit(main())
