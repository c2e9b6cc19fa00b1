"""Which vLLM release a repository pins: uv.lock, poetry.lock, requirements*.txt, pyproject.toml.

Only an exact pin counts (`==`, a lock entry, a bare Poetry version); a range such as `>=0.10`
leaves the version unknown, and the verdicts then say when they differ between releases.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from analyzers.files.source import SourceError, SourceTree
from analyzers.model import VllmVersionSource
from analyzers.vllm.releases import parse_version

_REQUIREMENT = re.compile(
    r"^\s*vllm\s*(?:\[[^\]]*\])?\s*===?\s*([0-9][0-9A-Za-z.+-]*)\s*(?:[;#].*)?$", re.IGNORECASE
)
_REQUIREMENTS_FILE = re.compile(
    r"^(?:requirements/)?[^/]*requirements[^/]*\.txt$|^requirements/[^/]+\.txt$"
)


@dataclass(frozen=True)
class PinnedVersion:
    version: str
    source: VllmVersionSource
    path: str


def _valid(text: str) -> str | None:
    try:
        parse_version(text)
    except ValueError:
        return None
    return text.strip()


def _from_lock(data: bytes) -> str | None:
    """A `[[package]] name = "vllm"` entry in uv.lock or poetry.lock."""
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
            if isinstance(version, str):
                return _valid(version)
    return None


def _from_requirement_lines(lines: Sequence[str]) -> str | None:
    for line in lines:
        match = _REQUIREMENT.match(line)
        if match is not None:
            return _valid(match.group(1))
    return None


def _from_requirements(data: bytes) -> str | None:
    return _from_requirement_lines(data.decode("utf-8", "replace").splitlines())


def _poetry_pin(value: Any) -> str | None:
    if isinstance(value, dict):
        value = value.get("version")
    if isinstance(value, str):
        text = value.strip().removeprefix("==").strip()
        if re.fullmatch(r"[0-9][0-9A-Za-z.+-]*", text):
            return _valid(text)
    return None


def _from_pyproject(data: bytes) -> str | None:
    try:
        document = tomllib.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return None
    project = document.get("project", {})
    lines: list[str] = []
    if isinstance(project, dict):
        lines += [item for item in project.get("dependencies", []) if isinstance(item, str)]
        optional = project.get("optional-dependencies", {})
        if isinstance(optional, dict):
            for group in optional.values():
                if isinstance(group, list):
                    lines += [item for item in group if isinstance(item, str)]
    found = _from_requirement_lines(lines)
    if found is not None:
        return found
    poetry = document.get("tool", {}).get("poetry", {})
    if isinstance(poetry, dict):
        dependencies = poetry.get("dependencies", {})
        if isinstance(dependencies, dict):
            return _poetry_pin(dependencies.get("vllm"))
    return None


_READERS: tuple[
    tuple[VllmVersionSource, Callable[[str], bool], Callable[[bytes], str | None]], ...
] = (
    ("uv.lock", lambda path: path == "uv.lock", _from_lock),
    ("poetry.lock", lambda path: path == "poetry.lock", _from_lock),
    (
        "requirements.txt",
        lambda path: _REQUIREMENTS_FILE.match(path) is not None,
        _from_requirements,
    ),
    ("pyproject.toml", lambda path: path == "pyproject.toml", _from_pyproject),
)


def pinned_vllm_version(tree: SourceTree) -> PinnedVersion | None:
    """The first exact pin, in the order uv.lock, poetry.lock, requirements*.txt, pyproject.toml."""
    files = tree.files()
    for source, wanted, reader in _READERS:
        for path in sorted(path for path in files if wanted(path)):
            try:
                data = tree.read(path)
            except SourceError:
                continue
            version = reader(data)
            if version is not None:
                return PinnedVersion(version=version, source=source, path=path)
    return None
