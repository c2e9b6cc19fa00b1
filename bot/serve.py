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
    from bot.settings import SettingsError, app_is_configured, get_settings

    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(levelname)s %(name)s %(message)s")
    if not app_is_configured():
        return _serve_setup(args)
    try:
        settings = get_settings()  # every problem at once, the private key parsed
    except SettingsError as exc:
        print(f"lora-audit serve: {exc}", file=sys.stderr)
        return 2

    import uvicorn

    from bot.app import create_app

    uvicorn.run(create_app(settings), host=args.host, port=args.port, log_level="info")
    return 0


def _serve_setup(args: argparse.Namespace) -> int:
    """No App id, key or secret anywhere: serve the manifest flow that registers the App."""
    from bot.settings import SettingsError, get_setup_settings

    try:
        settings = get_setup_settings()
    except SettingsError as exc:
        print(f"lora-audit serve: {exc}", file=sys.stderr)
        return 2

    import uvicorn

    from bot.setup_flow import create_setup_app

    where = settings.public_url or f"http://{args.host}:{args.port}"
    print(
        f"lora-audit serve: no GitHub App is configured yet; open {where}/setup to register "
        f"one (its settings will be written to {settings.env_file})",
        file=sys.stderr,
    )
    uvicorn.run(create_setup_app(settings), host=args.host, port=args.port, log_level="info")
    return 0
