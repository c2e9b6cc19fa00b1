"""Which vLLM a driver runs: lock files, requirement files and pyproject.toml, read as pip does.

They are looked for in the driver's folder, then each parent up to the repository's top, so a
driver of a monorepo's sub-project is judged by its own pins whichever folder was scanned. The
first exact pin going up wins (`uv.lock`, `poetry.lock`, `requirements*.txt`, `pyproject.toml`,
in that order within a folder); failing one, the nearest range (`vllm>=0.15`, `~=0.11`) narrows
the releases a verdict is computed for. Requirement lines go through `packaging`, with pip's
syntax around them: comments, `\\` continuations, per-requirement options (`--hash=...`) and
`-r` / `-c` includes.
"""

from __future__ import annotations

import posixpath
import re
import tomllib
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from analyzers.files.project import folders_up, tree_top
from analyzers.files.source import SourceError, SourceTree
from analyzers.model import VllmVersionSource
from analyzers.vllm.releases import parse_version

_INCLUDE = re.compile(r"^(?:-r|--requirement|-c|--constraint)(?:\s*=\s*|\s+)(\S+)$")
_OPTION_START = re.compile(r"\s+(?=--?[A-Za-z])")
_MAX_INCLUDES = 32


@dataclass(frozen=True)
class PinnedVersion:
    version: str
    source: VllmVersionSource
    path: str


@dataclass(frozen=True)
class VersionRange:
    """A requirement that allows several releases (`vllm>=0.15`), as `packaging` reads it."""

    specifier: str  # e.g. ">=0.15" (sorted by packaging), "" for a bare `vllm`
    source: VllmVersionSource
    path: str

    def allows(self, version: str) -> bool:
        from packaging.specifiers import SpecifierSet

        return SpecifierSet(self.specifier).contains(version, prereleases=True)


Found = PinnedVersion | VersionRange


def _valid(text: str) -> str | None:
    try:
        parse_version(text)
    except ValueError:
        return None
    return text.strip()


def _requirement(text: str, source: VllmVersionSource, path: str) -> Found | None:
    """A PEP 508 line naming vllm, as a pin or a range; None for another package or bad text."""
    from packaging.requirements import InvalidRequirement, Requirement
    from packaging.utils import canonicalize_name

    try:
        requirement = Requirement(text)
    except InvalidRequirement:
        return None
    if canonicalize_name(requirement.name) != "vllm" or requirement.url:
        return None
    specs = list(requirement.specifier)
    exact = [spec for spec in specs if spec.operator in ("==", "===") and "*" not in spec.version]
    if exact:
        version = _valid(exact[0].version)
        if version is not None:
            return PinnedVersion(version, source, path)
    return VersionRange(str(requirement.specifier), source, path)


_LOCKED_NAME = re.compile(rb"""\bname\s*=\s*["']vllm["']""", re.IGNORECASE)


def _from_lock(data: bytes, source: VllmVersionSource, path: str) -> Found | None:
    """A `[[package]] name = "vllm"` entry in uv.lock or poetry.lock."""
    version = _locked_version(data)
    return PinnedVersion(version, source, path) if version is not None else None


@lru_cache(maxsize=8)
def _locked_version(data: bytes) -> str | None:
    """The locked vllm version, read once per lock file (a uv.lock is often over a megabyte,
    and every driver folder asks). A lock that never names vllm is not parsed: not finding a
    pin only widens the releases judged."""
    if not _LOCKED_NAME.search(data):
        return None
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    packages = document.get("package")
    if not isinstance(packages, list):
        return None
    for package in packages:
        if isinstance(package, dict) and str(package.get("name", "")).lower() == "vllm":
            version = package.get("version")
            if isinstance(version, str) and _valid(version) is not None:
                return version.strip()
    return None


def requirement_lines(text: str) -> Iterator[tuple[str, str | None]]:
    """(requirement text, None) or ("", included file) per logical line of a requirements file."""
    logical = re.sub(r"\\\r?\n", "", text)  # pip joins a line ending in a backslash
    for raw in logical.splitlines():
        line = re.sub(r"(^|\s)#.*$", "", raw).strip()
        if not line:
            continue
        include = _INCLUDE.match(line)
        if include is not None:
            yield "", include.group(1)
            continue
        if line.startswith("-"):
            continue  # -e, --index-url, -f ...: no version of vllm here
        requirement = _OPTION_START.split(line, maxsplit=1)[0]  # drop --hash=... and friends
        yield requirement, None


def _from_requirements(tree: SourceTree, path: str, seen: set[str] | None = None) -> Found | None:
    """The vllm line of a requirements file and the files it includes (`-r`, `-c`)."""
    seen = seen if seen is not None else set()
    if path in seen or len(seen) >= _MAX_INCLUDES:
        return None
    seen.add(path)
    try:
        text = tree.read(path).decode("utf-8", "replace")
    except SourceError:
        return None
    found: Found | None = None
    for requirement, included in requirement_lines(text):
        if included is not None:
            target = posixpath.normpath(posixpath.join(posixpath.dirname(path), included))
            inner = _from_requirements(tree, target, seen)
        else:
            inner = _requirement(requirement, "requirements.txt", path)
        if isinstance(inner, PinnedVersion):
            return inner
        found = found or inner
    return found


_CARET = re.compile(r"^\^\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$")
_TILDE = re.compile(r"^~\s*(\d+)(?:\.(\d+))?(?:\.(\d+))?$")


def _poetry_constraint(value: Any) -> str | None:
    """A Poetry constraint as a PEP 440 specifier: `0.11.0`, `^0.11`, `~0.11.1`, `>=0.10,<1`."""
    if isinstance(value, dict):
        value = value.get("version")
    if not isinstance(value, str):
        return None
    text = value.strip()
    if re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", text):
        return f"=={text}"
    for pattern, bump in ((_CARET, "caret"), (_TILDE, "tilde")):
        match = pattern.match(text)
        if match is None:
            continue
        parts = [int(part) if part is not None else None for part in match.groups()]
        major, minor, patch = parts[0] or 0, parts[1], parts[2]
        low = f"{major}.{minor or 0}.{patch or 0}"
        if bump == "tilde":
            high = f"{major}.{(minor or 0) + 1}.0" if minor is not None else f"{major + 1}.0.0"
        elif major > 0 or minor is None:
            high = f"{major + 1}.0.0"
        elif minor > 0 or patch is None:
            high = f"0.{minor + 1}.0"
        else:
            high = f"0.0.{(patch or 0) + 1}"
        return f">={low},<{high}"
    return text.replace(" ", "")


def _from_pyproject(data: bytes, path: str) -> Found | None:
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    lines: list[str] = []
    project = document.get("project", {})
    if isinstance(project, dict):
        lines += [item for item in project.get("dependencies", []) if isinstance(item, str)]
        optional = project.get("optional-dependencies", {})
        if isinstance(optional, dict):
            for group in optional.values():
                if isinstance(group, list):
                    lines += [item for item in group if isinstance(item, str)]
    groups = document.get("dependency-groups", {})
    if isinstance(groups, dict):
        for group in groups.values():
            if isinstance(group, list):
                lines += [item for item in group if isinstance(item, str)]
    tool = document.get("tool", {})
    poetry = tool.get("poetry", {}) if isinstance(tool, dict) else {}
    if isinstance(poetry, dict):
        tables = [poetry.get("dependencies", {})]
        poetry_groups = poetry.get("group", {})
        if isinstance(poetry_groups, dict):
            tables += [
                group.get("dependencies", {})
                for group in poetry_groups.values()
                if isinstance(group, dict)
            ]
        for table in tables:
            if isinstance(table, dict):
                for name, value in table.items():
                    constraint = _poetry_constraint(value)
                    if str(name).lower() == "vllm" and constraint is not None:
                        lines.append(f"vllm{constraint}" if constraint[0] in "<>=!~" else "vllm")
    found: Found | None = None
    for line in lines:
        candidate = _requirement(line, "pyproject.toml", path)
        if isinstance(candidate, PinnedVersion):
            return candidate
        found = found or candidate
    return found


def _is_requirements(name: str) -> bool:
    return name.endswith(".txt") and ("requirements" in name or "constraints" in name)


def _level_files(files: Sequence[str], folder: str) -> dict[VllmVersionSource, list[str]]:
    """The lock, requirement and project files directly in `folder` (and its `requirements/`)."""
    prefix = f"{folder}/" if folder else ""
    out: dict[VllmVersionSource, list[str]] = {
        "uv.lock": [], "poetry.lock": [], "requirements.txt": [], "pyproject.toml": [],
    }  # fmt: skip
    for path in files:
        if not path.startswith(prefix):
            continue
        rest = path[len(prefix) :]
        if "/" not in rest:
            if rest in ("uv.lock", "poetry.lock", "pyproject.toml"):
                out[rest].append(path)  # type: ignore[index]
            elif _is_requirements(rest):
                out["requirements.txt"].append(path)
        elif rest.startswith("requirements/") and rest.count("/") == 1 and rest.endswith(".txt"):
            out["requirements.txt"].append(path)
    return out


def _read_one(tree: SourceTree, source: VllmVersionSource, path: str) -> Found | None:
    if source == "requirements.txt":
        return _from_requirements(tree, path)
    try:
        data = tree.read(path)
    except SourceError:
        return None
    readers: dict[VllmVersionSource, Callable[[bytes], Found | None]] = {
        "uv.lock": lambda d: _from_lock(d, "uv.lock", path),
        "poetry.lock": lambda d: _from_lock(d, "poetry.lock", path),
        "pyproject.toml": lambda d: _from_pyproject(d, path),
    }
    return readers[source](data)


def find_vllm_requirement(tree: SourceTree, folder: str = "") -> Found | None:
    """The first exact pin from `folder` up to the repository's top, else the nearest range."""
    files = tree.files()
    nearest_range: VersionRange | None = None
    for level in folders_up(folder, tree_top(tree)):
        for source, paths in _level_files(files, level).items():
            for path in sorted(paths):
                found = _read_one(tree, source, path)
                if isinstance(found, PinnedVersion):
                    return found
                if isinstance(found, VersionRange) and nearest_range is None:
                    nearest_range = found
    return nearest_range


def pinned_vllm_version(tree: SourceTree, folder: str = "") -> PinnedVersion | None:
    """The exact pin a driver in `folder` runs under, or None."""
    found = find_vllm_requirement(tree, folder)
    return found if isinstance(found, PinnedVersion) else None
