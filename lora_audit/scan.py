"""`lora-audit scan`: audit folders for drivers that serve stale LoRA adapters.

Several PATHs are audited one by one: the table and Markdown print one section each, JSON prints
one report object per line (a single object for a single PATH), and SARIF puts one run per PATH
in one log. The exit status is the worst of them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from analyzers.model import Report, Verdict

PROG = "lora-audit scan"
FORMATS = ("table", "json", "markdown", "sarif")
DEBUG_ENV = "LORA_AUDIT_DEBUG"  # the same switch as analyzers.audit.DEBUG_ENV (kept import-free)


class UsageError(Exception):
    """A problem with the command line or its inputs: one line on stderr, exit status 2."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Find the Python drivers that build vLLM LoRA adapter requests, reconstruct each one's "
        "request sequence without running it, and give every driver one verdict with evidence."
    )
    parser.epilog = (
        "Exit status: 0 clean, 1 an unsuppressed Affected driver (unless --exit-zero), "
        "2 usage or input error, 3 internal error. Several PATHs are audited separately: JSON "
        "prints one report per line, SARIF one run per PATH. Analyses are cached by content in "
        "$XDG_CACHE_HOME/lora-audit (default ~/.cache/lora-audit); set LORA_AUDIT_DEBUG=1 to "
        "see the traceback of an internal error."
    )
    parser.add_argument(
        "paths", nargs="*", default=["."], metavar="PATH", help="folders to audit (default .)"
    )
    parser.add_argument(
        "--format", choices=FORMATS, default="table", help="output format (default table)"
    )
    parser.add_argument(
        "--output", metavar="FILE", help="write the report to FILE instead of standard output"
    )
    parser.add_argument(
        "--vllm-version",
        metavar="X.Y.Z",
        help="vLLM release to judge against (overrides lock files)",
    )
    parser.add_argument(
        "--history", action="store_true", help="also audit every commit (git-aware)"
    )
    parser.add_argument(
        "--all-branches", action="store_true", help="also audit every branch tip (git-aware)"
    )
    parser.add_argument(
        "--config", metavar="FILE", help="a lora-audit.yml (default PATH/.github/lora-audit.yml)"
    )
    parser.add_argument(
        "--exit-zero", action="store_true", help="exit 0 even when a driver is Affected"
    )
    parser.add_argument("--base", metavar="REF", help="compare against REF (git-aware)")
    parser.add_argument(
        "--head", metavar="REF", help="with --base: the revision to audit (git-aware)"
    )
    parser.add_argument(
        "--fix-commit",
        metavar="SHA",
        action="append",
        default=[],
        help="a commit that fixes the bug (git-aware)",
    )


def run(args: argparse.Namespace) -> int:
    try:
        reports = build_reports(args)
        text = render(reports, args.format, color=_wants_color(args))
        _write(text, args.output)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        import os
        import traceback

        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(
            f"{PROG}: internal error ({type(exc).__name__}: {exc}); rerun with {DEBUG_ENV}=1 "
            f"for the traceback and report it with the command you ran",
            file=sys.stderr,
        )
        return 3
    return exit_status(reports, exit_zero=args.exit_zero)


def exit_status(reports: list[Report], *, exit_zero: bool) -> int:
    if exit_zero:
        return 0
    for report in reports:
        for row in report.drivers:
            if row.verdict is Verdict.AFFECTED and row.suppressed is None:
                return 1
    return 0


def build_reports(args: argparse.Namespace) -> list[Report]:
    if args.head and not args.base:
        raise UsageError("--head needs --base")
    if args.vllm_version is not None:
        from analyzers.vllm.releases import parse_version

        try:
            parse_version(args.vllm_version)
        except ValueError as exc:
            raise UsageError(f"--vllm-version: {exc}") from None
    from analyzers.git.cli import wants_git

    if wants_git(args):
        return [scan_git(path, args) for path in args.paths]
    return [scan_path(path, args) for path in args.paths]


def scan_git(path: str, args: argparse.Namespace) -> Report:
    """Audit one git repository under the git flags (analyzers/git/cli.py)."""
    from analyzers.git.cli import GitUsageError, scan_git_path

    try:
        return scan_git_path(path, args, prog=PROG)
    except GitUsageError as exc:
        raise UsageError(str(exc)) from None


def scan_path(path: str, args: argparse.Namespace) -> Report:
    """Audit one folder: the one function the git-aware flags will extend."""
    from analyzers.audit import AuditOptions, audit_tree
    from analyzers.files.config import CONFIG_PATH, parse_config
    from analyzers.files.directory import DirectoryTree

    root = Path(path)
    if not root.is_dir():
        raise UsageError(f"{path}: not a directory")
    config_file = Path(args.config) if args.config else root / CONFIG_PATH
    data: bytes | None = None
    if args.config or config_file.is_file():
        try:
            data = config_file.read_bytes()
        except OSError as exc:
            raise UsageError(f"--config {config_file}: {exc.strerror}") from None
    parsed = parse_config(data)
    for error in parsed.errors:
        print(f"{PROG}: warning: {error}", file=sys.stderr)
    from analyzers.files.diskcache import DiskCache

    with DiskCache() as cache:
        report = audit_tree(
            DirectoryTree(root, label=path),
            AuditOptions(vllm_version=args.vllm_version, config=parsed.config),
            cache=cache,
        )
    if parsed.errors:
        report.config_errors = [*(report.config_errors or []), *parsed.errors]
    from analyzers.git.cli import add_fix_commits

    add_fix_commits(path, report, parsed.config.fix_commits)
    return report


def render(reports: list[Report], fmt: str, *, color: bool = False) -> str:
    if fmt == "json":
        from analyzers.render.json import render_json

        texts = [render_json(report) for report in reports]
        if len(texts) == 1:
            return texts[0]
        import json

        return "".join(json.dumps(json.loads(text)) + "\n" for text in texts)
    if fmt == "sarif":
        from analyzers.render.sarif import render_sarif

        return render_sarif(reports)
    if fmt == "markdown":
        from analyzers.render.markdown import render_markdown

        return "\n".join(render_markdown(report) for report in reports)
    from analyzers.render.table import render_table

    return "\n".join(render_table(report, color=color) for report in reports)


def _wants_color(args: argparse.Namespace) -> bool:
    import os

    if args.output or args.format != "table" or "NO_COLOR" in os.environ:
        return False
    return sys.stdout.isatty()


def _write(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--output {output}: {exc.strerror}") from None
