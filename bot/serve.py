"""`lora-audit serve`: the web app under uvicorn, configured from LORA_AUDIT_* variables."""

from __future__ import annotations

import argparse
import logging
import sys

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host", default=DEFAULT_HOST, help=f"address to bind (default {DEFAULT_HOST})"
    )
    parser.add_argument(
        "--port", type=int, default=DEFAULT_PORT, help=f"port to listen on (default {DEFAULT_PORT})"
    )


def run(args: argparse.Namespace) -> int:
    from bot.settings import SettingsError, get_settings

    try:
        settings = get_settings()
        settings.private_key_pem  # noqa: B018 - a missing key file must stop start-up, not a task
    except SettingsError as exc:
        print(f"lora-audit serve: {exc}", file=sys.stderr)
        return 2

    import uvicorn

    from bot.app import create_app

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="info")
    return 0
