"""`lora-audit scan`: audit folders and files for drivers that serve stale LoRA adapters.

A folder is audited inside its whole git repository (imports, lock files and the config are
found as for the repository's top; only files under the folder are drivers), so a verdict never
depends on which folder was scanned. Files are audited as drivers of their repository and
grouped into one report per repository (pre-commit passes file names). The table and Markdown
print one section per report, JSON one report object per line (a single object for a single
report), and SARIF one run holding every report. The exit status is the worst of them.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from analyzers.files.source import SourceTree
    from analyzers.model import Report

PROG = "lora-audit scan"
FORMATS = ("table", "json", "markdown", "sarif")
FAIL_ON = ("affected", "indeterminate", "never")
COLORS = ("auto", "always", "never")
DEBUG_ENV = "LORA_AUDIT_DEBUG"  # the same switch as analyzers.audit.DEBUG_ENV (kept import-free)


class UsageError(Exception):
    """A problem with the command line or its inputs: one line on stderr, exit status 2."""


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Find the Python drivers that build vLLM LoRA adapter requests, reconstruct each one's "
        "request sequence without running it, and give every driver one verdict with evidence."
    )
    parser.epilog = (
        "Exit status: 0 clean, 1 an unsuppressed Affected driver (with --base: a newly "
        "affected one; see --fail-on), 2 usage or input error, 3 internal error. Several "
        "folders are audited separately (JSON prints one report per line); files are grouped "
        "by repository; SARIF is always one run. Analyses are cached by content in "
        "$XDG_CACHE_HOME/lora-audit (default ~/.cache/lora-audit); set LORA_AUDIT_DEBUG=1 to "
        "see the traceback of an internal error. Colour: --color, else FORCE_COLOR / NO_COLOR, "
        "else when standard output is a terminal."
    )
    parser.add_argument(
        "paths",
        nargs="*",
        default=["."],
        metavar="PATH",
        help="folders or Python files to audit (default .)",
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
    parser.add_argument(
        "--fail-on",
        choices=FAIL_ON,
        default="affected",
        help="exit 1 on an Affected driver (default), also on an Indeterminate one, or never; "
        "with --base only drivers the change makes so count",
    )
    parser.add_argument(
        "--only-findings",
        action="store_true",
        help="table and Markdown: hide safe rows (JSON and SARIF are unchanged)",
    )
    parser.add_argument(
        "--color", choices=COLORS, default="auto", help="colour the table (default auto)"
    )
    parser.add_argument(
        "--base", metavar="REF", help="compare against REF: fail only on what it adds (git-aware)"
    )
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
    from lora_audit import output_cache
    from lora_audit.progress import shown

    color, width = wants_color(args), _width()
    key = None if _git_flags(args) else output_cache.key_for(args, color=color, width=width)
    if key is not None:
        stored = output_cache.lookup(key)
        if stored is not None:
            try:
                _write(stored.text, args.output)
            except UsageError as exc:
                print(f"{PROG}: {exc}", file=sys.stderr)
                return 2
            return stored.status
    watch = output_cache.StderrWatch()
    sys.stderr = watch
    try:
        with shown(args.format != "json"):
            reports = build_reports(args)
        text = render(
            reports,
            args.format,
            color=color,
            width=width,
            only_findings=args.only_findings,
        )
        _write(text, args.output)
    except UsageError as exc:
        print(f"{PROG}: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        import traceback

        if os.environ.get(DEBUG_ENV):
            traceback.print_exc()
        print(
            f"{PROG}: internal error ({type(exc).__name__}: {exc}); rerun with {DEBUG_ENV}=1 "
            f"for the traceback and report it with the command you ran",
            file=sys.stderr,
        )
        return 3
    finally:
        sys.stderr = watch.inner
    for report in reports:
        for error in report.internal_errors or []:
            print(
                f"{PROG}: internal error while analysing {error} (the driver's row is "
                f"Indeterminate; rerun with {DEBUG_ENV}=1 for the traceback and report it)",
                file=sys.stderr,
            )
    status = exit_status(reports, exit_zero=args.exit_zero, fail_on=args.fail_on)
    vouched = not watch.written and all(
        report.fix_commits is None and not report.internal_errors for report in reports
    )
    if key is not None and vouched:
        output_cache.store(key, output_cache.Stored(text, status), args.paths)
    return status


def _git_flags(args: argparse.Namespace) -> bool:
    return bool(args.history or args.all_branches or args.base or args.head or args.fix_commit)


def exit_status(reports: list[Report], *, exit_zero: bool, fail_on: str = "affected") -> int:
    """1 when a report fails the policy: an unsuppressed Affected (or, with `indeterminate`,
    Indeterminate) row; with a base, only the drivers the change made so."""
    from analyzers.model import Verdict

    if exit_zero or fail_on == "never":
        return 0
    failing = {Verdict.AFFECTED}
    if fail_on == "indeterminate":
        failing.add(Verdict.INDETERMINATE)
    for report in reports:
        rows = [row for row in report.drivers if row.suppressed is None and row.verdict in failing]
        if report.diff is not None:
            new = set(report.diff.newly_affected)
            if fail_on == "indeterminate":
                new |= set(report.diff.newly_indeterminate)
            rows = [row for row in rows if row.path in new]
        if rows:
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
    for path in args.paths:
        if not os.path.lexists(path):
            raise UsageError(f"{path}: no such file or directory")
    # The git flags, checked without importing the git-aware audit (a plain scan needs none of it).
    if _git_flags(args):
        for path in args.paths:
            if not Path(path).is_dir():
                raise UsageError(f"{path}: the git flags need a repository folder, not a file")
        return [scan_git(path, args) for path in args.paths]
    return [scan_target(target, args) for target in targets(args.paths)]


def scan_git(path: str, args: argparse.Namespace) -> Report:
    """Audit one git repository under the git flags (analyzers/git/cli.py)."""
    from analyzers.git.cli import GitUsageError, scan_git_path

    try:
        return scan_git_path(path, args, prog=PROG)
    except GitUsageError as exc:
        raise UsageError(str(exc)) from None


class Target(NamedTuple):
    """One report to make: a folder, or the files given from one repository."""

    top: Path  # the repository's top (or the folder itself outside a repository)
    in_repository: bool
    label: str  # what the report calls its root
    scope: str = ""  # the folder, relative to `top` (posix); "" for the top or for files
    files: list[str] | None = None  # top-relative files given, or None for a folder


def targets(paths: list[str]) -> list[Target]:
    """Folders one report each, in order; files one report per repository, after them."""
    from analyzers.files.project import repository_top

    out: list[Target] = []
    by_top: dict[Path, Target] = {}
    for path in paths:
        given = Path(path)
        if given.is_dir():
            top = repository_top(given)
            if top is None:
                out.append(Target(given, False, path))
                continue
            scope = given.resolve().relative_to(top).as_posix()
            out.append(Target(top, True, path, "" if scope == "." else scope))
            continue
        if not given.is_file():
            raise UsageError(f"{path}: not a regular file or folder")
        folder = given.resolve().parent
        top = repository_top(folder)
        root = top if top is not None else folder
        target = by_top.get(root)
        if target is None:
            shown = os.path.relpath(root) if not given.is_absolute() else str(root)
            target = by_top[root] = Target(root, top is not None, shown, files=[])
        assert target.files is not None
        target.files.append(given.resolve().relative_to(root).as_posix())
    return [*out, *by_top.values()]


def _tree(target: Target) -> SourceTree:
    from analyzers.files.directory import DirectoryTree
    from analyzers.files.project import ScopedTree

    if target.files is None and not target.scope:
        return DirectoryTree(target.top, label=target.label)
    whole = DirectoryTree(target.top)
    prefix = f"{target.scope}/"
    if target.files is None and not any(path.startswith(prefix) for path in whole.files()):
        # A folder git lists nothing under (ignored, vendored): read it as a folder of its own.
        return DirectoryTree(target.top / target.scope, label=target.label)
    return ScopedTree(whole, target.scope, label=target.label, only=target.files)


def scan_target(target: Target, args: argparse.Namespace) -> Report:
    """Audit one folder, or the files given from one repository."""
    from analyzers.audit import AuditOptions, audit_tree
    from analyzers.files.config import CONFIG_PATH, parse_config
    from analyzers.files.diskcache import DiskCache

    tree = _tree(target)
    # The repository's config applies to every folder of it (its globs are top-relative).
    config_file = Path(args.config) if args.config else target.top / CONFIG_PATH
    data: bytes | None = None
    if args.config or config_file.is_file():
        try:
            data = config_file.read_bytes()
        except OSError as exc:
            raise UsageError(f"--config {config_file}: {exc.strerror}") from None
    parsed = parse_config(data)
    for error in parsed.errors:
        print(f"{PROG}: warning: {error}", file=sys.stderr)
    with DiskCache() as cache:
        report = audit_tree(
            tree,
            AuditOptions(vllm_version=args.vllm_version, config=parsed.config),
            cache=cache,
        )
    if target.in_repository:
        report.repository_path = target.scope
    if parsed.errors:
        report.config_errors = [*(report.config_errors or []), *parsed.errors]
    if parsed.config.fix_commits:
        from analyzers.git.cli import add_fix_commits

        add_fix_commits(str(target.top), report, parsed.config.fix_commits)
    return report


def render(
    reports: list[Report],
    fmt: str,
    *,
    color: bool = False,
    width: int = 100,
    only_findings: bool = False,
) -> str:
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

        return "\n".join(render_markdown(report, only_findings=only_findings) for report in reports)
    from analyzers.render.table import render_table

    return "\n".join(
        render_table(report, color=color, width=width, only_findings=only_findings)
        for report in reports
    )


def wants_color(args: argparse.Namespace) -> bool:
    """`--color always|never` first; then `NO_COLOR`, then `FORCE_COLOR` (each when set and
    not empty); then whether the table goes to a terminal."""
    if args.format != "table" or args.color == "never":
        return False
    if args.color == "always":
        return True
    if os.environ.get("NO_COLOR"):
        return False
    force = os.environ.get("FORCE_COLOR")
    if force:
        return force.lower() not in ("0", "false", "no")
    return args.output is None and sys.stdout.isatty()


def _width() -> int:
    """The terminal's columns (or `COLUMNS`); 100 when standard output is not a terminal."""
    import shutil

    if "COLUMNS" in os.environ or sys.stdout.isatty():
        return shutil.get_terminal_size((100, 24)).columns
    return 100


def _write(text: str, output: str | None) -> None:
    if output is None:
        sys.stdout.write(text)
        return
    try:
        Path(output).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise UsageError(f"--output {output}: {exc.strerror}") from None
