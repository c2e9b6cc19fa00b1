"""The `lora-audit` console script: one subcommand per job, each imported only when it runs.

`scan` must start fast (it is benchmarked against `git grep`), so the web app and Celery are never
imported unless `serve` or `worker` is asked for.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence
from typing import NoReturn, Protocol, cast

# subcommand -> (module with configure(parser) and run(args) -> int, one-line help)
SUBCOMMANDS: dict[str, tuple[str, str]] = {
    "scan": ("lora_audit.scan", "audit a repository's vLLM drivers for stale LoRA serves"),
    "fix": ("lora_audit.fix", "rewrite Affected drivers into a safe form (or print the diff)"),
    "replay": ("lora_audit.replay", "replay (id, path) requests through vLLM's LoRA cache"),
    "serve": ("bot.serve", "run the GitHub App web server"),
    "worker": ("workers.launch", "run a Celery worker (with --beat, the weekly scheduler too)"),
}
# Subcommands of the GitHub App: their packages are the `app` extra, not the base install.
APP_SUBCOMMANDS = frozenset({"serve", "worker"})
APP_PACKAGES = (
    "starlette", "uvicorn", "celery", "redis", "githubkit", "hishel", "httpx",
    "pydantic_settings", "certifi", "cryptography",
)  # fmt: skip


def _missing_app_packages() -> list[str]:
    """The `app` extra's top-level modules that cannot be found (none are imported)."""
    import importlib.util

    return [name for name in APP_PACKAGES if importlib.util.find_spec(name) is None]


class _OneLineErrors(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2 (no usage dump)."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see --help)\n")


class _Subcommand(Protocol):
    def configure(self, parser: argparse.ArgumentParser) -> None: ...

    def run(self, args: argparse.Namespace) -> int: ...


def _usage() -> str:
    lines = ["usage: lora-audit {" + ",".join(SUBCOMMANDS) + "} ...", "", "subcommands:"]
    lines += [f"  {name:<8} {text}" for name, (_, text) in SUBCOMMANDS.items()]
    lines += ["", "Run 'lora-audit SUBCOMMAND --help' for its options."]
    return "\n".join(lines)


INTERRUPTED = 130  # 128 + SIGINT, as a shell reports a command stopped by Ctrl-C


def main(argv: Sequence[str] | None = None) -> int:
    """Run one subcommand; Ctrl-C ends it with one line on stderr and status 130."""
    try:
        return _main(argv)
    except KeyboardInterrupt:
        sys.stderr.write("\r\x1b[2K" if sys.stderr.isatty() else "")
        print("lora-audit: interrupted", file=sys.stderr)
        return INTERRUPTED


def _main(argv: Sequence[str] | None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in {"-h", "--help"}:
        print(_usage())
        return 0 if args else 2
    if args[0] == "--version":
        from analyzers.model import TOOL_VERSION

        print(f"lora-audit {TOOL_VERSION}")
        return 0
    name = args[0]
    if name not in SUBCOMMANDS:
        print(f"lora-audit: unknown subcommand {name!r}\n\n{_usage()}", file=sys.stderr)
        return 2
    module_name, text = SUBCOMMANDS[name]
    missing = _missing_app_packages() if name in APP_SUBCOMMANDS else []
    if missing:
        print(
            f"lora-audit {name}: the GitHub App's packages are not installed ({', '.join(missing)} "
            f"missing); install them with: pip install 'lora-audit[app]'",
            file=sys.stderr,
        )
        return 2
    module = cast(_Subcommand, importlib.import_module(module_name))
    parser = _OneLineErrors(prog=f"lora-audit {name}", description=text)
    module.configure(parser)
    try:
        namespace = parser.parse_args(args[1:])
    except SystemExit as exc:  # argparse already printed a one-line usage error
        return 0 if exc.code == 0 else 2
    return module.run(namespace)


if __name__ == "__main__":
    raise SystemExit(main())
