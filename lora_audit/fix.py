"""`lora-audit fix`: rewrite Affected drivers into a safe form, or print the diff (`--diff`).

The rewriting is `analyzers.fix` (pure: texts in, texts out, each rewrite proven by a re-scan);
this front door finds the folders to audit, prints what was done and why the rest was not, and
writes the files. Nothing analysed is imported or executed.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, TextIO

from lora_audit.scan import DEBUG_ENV, UsageError

if TYPE_CHECKING:
    from analyzers.audit import AuditOptions
    from analyzers.fix.codemod import FileFix, FixResult

PROG = "lora-audit fix"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.description = (
        "Rewrite each Affected request site into a safe form (a distinct lora_int_id per "
        "adapter, remove_lora before a reuse, or load_inplace=True where the pinned vLLM has "
        "it), keeping formatting and comments. A rewrite is kept only when a re-scan of the "
        "rewritten file finds it safe; a file no rewrite makes safe is left untouched, with why."
    )
    parser.epilog = (
        "Exit status: 0 nothing to fix or every Affected driver fixed, 1 an unsuppressed "
        "Affected driver is left (the reason is printed), 2 usage or input error, 3 internal "
        "error. A FILE is audited within its repository (the folder holding .git, else the "
        "current directory when it is inside it), so its same-repository helpers are followed."
    )
    parser.add_argument(
        "paths", nargs="+", metavar="PATH", help="folders to fix, or Python files in them"
    )
    parser.add_argument(
        "--diff", action="store_true", help="print a unified diff and write nothing"
    )


@dataclass
class _Root:
    """One folder to audit, and the drivers of it to fix (None: all of them)."""

    folder: Path
    label: str
    only: set[str] | None = field(default=None)


def run(args: argparse.Namespace) -> int:
    out = sys.stderr if args.diff else sys.stdout
    try:
        roots = _roots(args.paths)
        left = 0
        for root in roots:
            result = _fix(root)
            left += _report(root, result, out=out, diff=args.diff)
            if not args.diff:
                _write(root, result.fixed)
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
    return 1 if left else 0


def _roots(paths: list[str]) -> list[_Root]:
    roots: dict[Path, _Root] = {}
    for given in paths:
        path = Path(given)
        if path.is_dir():
            key = path.resolve()
            roots[key] = _Root(path, given, None)
            continue
        if not path.is_file():
            raise UsageError(f"{given}: no such file or folder")
        if path.suffix != ".py":
            raise UsageError(f"{given}: not a Python file")
        folder = _repository_of(path)
        relative = path.resolve().relative_to(folder.resolve()).as_posix()
        root = roots.setdefault(folder.resolve(), _Root(folder, str(folder), set()))
        if root.only is not None:
            root.only.add(relative)
    return list(roots.values())


def _repository_of(file: Path) -> Path:
    """The folder a file is audited in: its repository's top, else the working directory when
    the file is inside it, else the file's own folder."""
    resolved = file.resolve()
    for folder in resolved.parents:
        if (folder / ".git").exists():
            return _relative_to_cwd(folder)
    cwd = Path.cwd().resolve()
    if cwd in resolved.parents:
        return Path(".")
    return file.parent


def _relative_to_cwd(folder: Path) -> Path:
    """How the user would name the folder from here (`.`, `..`, `repo`), an absolute path when
    it is on another drive."""
    try:
        return Path(os.path.relpath(folder))
    except ValueError:  # another drive
        return folder


def _options(root: Path) -> AuditOptions:
    """The repository's `.github/lora-audit.yml` (include, exclude, vllm_version), as scan
    reads it."""
    from analyzers.audit import AuditOptions
    from analyzers.files.config import CONFIG_PATH, parse_config

    config_file = root / CONFIG_PATH
    data = None
    if config_file.is_file():
        try:
            data = config_file.read_bytes()
        except OSError as exc:
            raise UsageError(f"{config_file}: {exc.strerror}") from None
    parsed = parse_config(data)
    for error in parsed.errors:
        print(f"{PROG}: warning: {error}", file=sys.stderr)
    return AuditOptions(config=parsed.config)


def _fix(root: _Root) -> FixResult:
    from analyzers.files.directory import DirectoryTree
    from analyzers.files.diskcache import DiskCache
    from analyzers.fix.codemod import fix_tree

    options = _options(root.folder)
    with DiskCache() as cache:
        return fix_tree(
            DirectoryTree(root.folder, label=root.label), options, cache=cache, paths=root.only
        )


def _shown(root: _Root, path: str) -> str:
    """The path as the user would type it: relative to where they named the folder."""
    return str(PurePosixPath(Path(root.label).as_posix()) / path).removeprefix("./")


def _report(root: _Root, result: FixResult, *, out: TextIO, diff: bool) -> int:
    """Print what was (or would be) fixed and what was not; return how many drivers are left."""
    from analyzers.fix.spans import unified_diff

    verb = "would fix" if diff else "fixed"
    for fixed in result.fixed:
        shown = _shown(root, fixed.path)
        if diff:
            sys.stdout.write(unified_diff(fixed.text("before"), fixed.text(), shown))
        print(
            f"{verb} {shown}:{fixed.line}: {fixed.rewrite.done} "
            f"(the re-scan says {fixed.verdict.value})",
            file=out,
        )
    for refused in result.refused:
        shown = _shown(root, refused.path)
        print(f"not fixed {shown}:{refused.line}: {refused.reason}", file=out)
    wanted = root.only
    left = [row for row in result.remaining if wanted is None or row.path in wanted]
    if not result.fixed and not result.refused:
        where = ", ".join(sorted(_shown(root, path) for path in wanted)) if wanted else root.label
        print(f"{PROG}: nothing to fix: no Affected driver in {where}", file=out)
    return len(left)


def _write(root: _Root, fixes: list[FileFix]) -> None:
    """Replace each file atomically (same folder, same mode), only if it is still as read."""
    for fixed in fixes:
        target = root.folder / fixed.path
        try:
            if target.is_symlink() or target.read_bytes() != fixed.before:
                raise UsageError(f"{_shown(root, fixed.path)}: changed while it was being fixed")
            mode = target.stat().st_mode & 0o7777
            handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.")
            try:
                with os.fdopen(handle, "wb") as stream:
                    stream.write(fixed.after)
                os.chmod(temporary, mode)
                os.replace(temporary, target)
            except BaseException:
                Path(temporary).unlink(missing_ok=True)
                raise
        except OSError as exc:
            raise UsageError(f"{_shown(root, fixed.path)}: {exc.strerror}") from None
