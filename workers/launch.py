"""`lora-audit worker [--beat]`: start a Celery worker (and with --beat, the scheduler in it)."""

from __future__ import annotations

import argparse
import sys

from bot.jobs import AUDIT_QUEUE, SWEEP_QUEUE
from bot.settings import Settings, SettingsError, get_settings
from workers.tuning import get_tuning


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--beat",
        action="store_true",
        help="also run the scheduler (weekly sweep, delivery recovery); run exactly one of these",
    )
    parser.add_argument(
        "--concurrency",
        type=int,
        default=None,
        help="worker processes (default: LORA_AUDIT_WORKER_CONCURRENCY, else the CPU count)",
    )
    parser.add_argument(
        "--queues",
        default=f"{AUDIT_QUEUE},{SWEEP_QUEUE}",
        help="comma-separated queues to consume (default: %(default)s)",
    )
    parser.add_argument("--hostname", default=None, help="Celery node name, e.g. worker1@%%h")
    parser.add_argument(
        "--loglevel",
        default="INFO",
        choices=["DEBUG", "INFO", "WARNING", "ERROR"],
        help="log level (default: %(default)s)",
    )
    parser.add_argument(
        "--pool",
        default="prefork",
        choices=["prefork", "solo", "threads"],
        help="execution pool (default: %(default)s)",
    )


def celery_argv(args: argparse.Namespace, schedule_file: str) -> list[str]:
    """The `celery worker` command line for these options."""
    argv = [
        "worker",
        f"--loglevel={args.loglevel}",
        f"--queues={args.queues}",
        f"--pool={args.pool}",
        # Mingle and gossip only serve remote control; a restarted worker must not wait on them.
        "--without-mingle",
        "--without-gossip",
    ]
    if args.concurrency is not None:
        argv.append(f"--concurrency={args.concurrency}")
    if args.hostname:
        argv.append(f"--hostname={args.hostname}")
    if args.beat:
        argv += ["--beat", f"--schedule={schedule_file}"]
    return argv


def run(args: argparse.Namespace) -> int:
    if args.concurrency is not None and args.concurrency < 1:
        print("lora-audit worker: --concurrency must be at least 1", file=sys.stderr)
        return 2
    problems: list[str] = []  # every problem at once, not the first of each kind
    settings: Settings | None = None
    try:
        settings = get_settings()
    except SettingsError as exc:
        problems += exc.problems
    try:
        get_tuning()
    except SettingsError as exc:
        problems += exc.problems
    if problems or settings is None:
        print(f"lora-audit worker: {SettingsError(problems)}", file=sys.stderr)
        return 2
    try:
        settings.cache_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(
            f"lora-audit worker: LORA_AUDIT_CACHE_DIR {settings.cache_dir}: {exc.strerror}",
            file=sys.stderr,
        )
        return 2
    from workers.celery_app import app

    app.worker_main(celery_argv(args, str(settings.cache_dir / "celerybeat-schedule")))
    return 0
