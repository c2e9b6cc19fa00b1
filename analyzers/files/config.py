"""The repository's `.github/lora-audit.yml`, parsed leniently: a broken file is reported.

`include` and `exclude` are globs with gitignore semantics (`pathspec`), matched against paths
relative to the repository's top: `*.py` anywhere, `third_party/` a folder at any depth,
`/scripts/*.py` anchored, `!keep.py` to take one back. An unknown key is answered with the
nearest valid one.
"""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator

from analyzers.files import config_path

if TYPE_CHECKING:
    from pathspec import GitIgnoreSpec

CONFIG_PATH = config_path.CONFIG_PATH
DEFAULT_INCLUDE = ("**/*.py",)
_SHA_CHARS = frozenset("0123456789abcdef")


class FixCommitSpec(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)

    sha: str
    title: str | None = None

    @field_validator("sha", mode="before")
    @classmethod
    def _sha_text(cls, value: object) -> object:
        # YAML reads an all-digit short sha such as 1234567 as an integer.
        if isinstance(value, int) and not isinstance(value, bool):
            return str(value)
        return value

    @field_validator("sha")
    @classmethod
    def _hex(cls, value: str) -> str:
        value = value.strip().lower()
        if not 4 <= len(value) <= 40 or not set(value) <= _SHA_CHARS:
            raise ValueError(f"{value!r} is not a commit sha (4 to 40 hex digits)")
        return value


class RepoConfig(BaseModel):
    """Every key is optional; the defaults are what a repository without the file gets."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    fix_commits: list[FixCommitSpec] = Field(default_factory=list)
    include: list[str] = Field(default_factory=lambda: list(DEFAULT_INCLUDE))
    exclude: list[str] = Field(default_factory=list)
    vllm_version: str | None = None
    pull_request_conclusion: Literal["failure", "neutral"] = "failure"
    # The App's check run when an audit cannot finish; never a pass (`neutral` only if asked).
    incomplete_conclusion: Literal["failure", "action_required", "neutral"] = "failure"
    follow_up_issues: bool = True
    weekly_sweep: bool = True
    # When the App's sticky pull-request comment appears (read by the App, not the analysis).
    comment: Literal["on-findings", "always", "never"] = "on-findings"

    @field_validator("fix_commits", mode="before")
    @classmethod
    def _bare_shas(cls, value: object) -> object:
        """Accept `fix_commits: [abc1234]` as well as the `{sha, title}` form."""
        if isinstance(value, list):
            return [{"sha": item} if isinstance(item, str | int) else item for item in value]
        return value

    @field_validator("vllm_version", mode="before")
    @classmethod
    def _version_text(cls, value: object) -> object:
        if isinstance(value, float | int) and not isinstance(value, bool):
            return str(value)  # `vllm_version: 0.11` is read by YAML as a float
        return value


class ConfigResult(BaseModel):
    """The config to use, and what was wrong with the file (empty when it was fine or absent)."""

    config: RepoConfig = Field(default_factory=RepoConfig)
    errors: list[str] = Field(default_factory=list)
    found: bool = False


def _describe(error: ValidationError) -> list[str]:
    messages = []
    for item in error.errors():
        where = ".".join(str(part) for part in item["loc"]) or "(top level)"
        if item["type"] == "extra_forbidden" and item["loc"]:
            messages.append(f"{CONFIG_PATH}: {_unknown_key(item['loc'])}")
            continue
        messages.append(f"{CONFIG_PATH}: {where}: {item['msg']}")
    return messages


def _unknown_key(loc: tuple[int | str, ...]) -> str:
    """`unknown key 'exlude' (did you mean 'exclude'?)`; nested keys name their fix commit."""
    key = str(loc[-1])
    model: type[BaseModel] = FixCommitSpec if loc[0] == "fix_commits" else RepoConfig
    valid: Sequence[str] = list(model.model_fields)
    where = ".".join(str(part) for part in loc[:-1])
    nearest = difflib.get_close_matches(key, valid, n=1, cutoff=0.5)
    hint = f"did you mean {nearest[0]!r}?" if nearest else "valid keys: " + ", ".join(valid)
    return f"unknown key {key!r}{' in ' + where if where else ''}; ignored ({hint})"


@cache
def _spec(patterns: tuple[str, ...]) -> GitIgnoreSpec:
    import pathspec

    return pathspec.GitIgnoreSpec.from_lines(patterns)


def globs_select(path: str, include: Sequence[str], exclude: Sequence[str]) -> bool:
    """Whether `path` (relative to the repository's top) is included and not excluded."""
    if tuple(include) == DEFAULT_INCLUDE and not exclude:
        return path.endswith(".py")  # the default: no glob library needed
    if include and not _spec(tuple(include)).match_file(path):
        return False
    return not (exclude and _spec(tuple(exclude)).match_file(path))


def parse_config(data: bytes | None) -> ConfigResult:
    """Parse the file's bytes (None when there is no file). Never raises."""
    if data is None:
        return ConfigResult()
    import yaml  # only when there is a file: `scan` starts faster without it

    try:
        loaded = yaml.safe_load(data.decode("utf-8")) if data.strip() else {}
    except UnicodeDecodeError:
        return ConfigResult(found=True, errors=[f"{CONFIG_PATH}: not UTF-8 text; defaults used"])
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f" (line {mark.line + 1})" if mark is not None else ""
        return ConfigResult(
            found=True, errors=[f"{CONFIG_PATH}: not valid YAML{where}; defaults used"]
        )
    if loaded is None:
        loaded = {}
    if not isinstance(loaded, dict):
        return ConfigResult(
            found=True, errors=[f"{CONFIG_PATH}: expected a mapping of keys; defaults used"]
        )
    try:
        return ConfigResult(found=True, config=RepoConfig.model_validate(loaded))
    except ValidationError as exc:
        # Keep every valid key; drop only the broken ones, and say which.
        broken = {str(item["loc"][0]) for item in exc.errors() if item["loc"]}
        kept = {key: value for key, value in loaded.items() if key not in broken}
        try:
            config = RepoConfig.model_validate(kept)
        except ValidationError:
            config = RepoConfig()
        return ConfigResult(found=True, config=config, errors=_describe(exc))
