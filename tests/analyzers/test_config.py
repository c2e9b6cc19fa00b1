"""`.github/lora-audit.yml`: every documented key, and broken files reported rather than fatal."""

from __future__ import annotations

import pytest

from analyzers.files.config import RepoConfig, parse_config

FULL = b"""
fix_commits: [{sha: 298877f9c, title: "distinct lora_int_id per checkpoint"}]
include: ["**/*.py"]
exclude: ["third_party/**"]
vllm_version: "0.11.0"
pull_request_conclusion: neutral
follow_up_issues: false
weekly_sweep: true
"""


def test_absent_file_gives_defaults() -> None:
    result = parse_config(None)
    assert result.config == RepoConfig()
    assert not result.found
    assert result.errors == []


def test_every_documented_key() -> None:
    result = parse_config(FULL)
    assert result.errors == []
    config = result.config
    assert config.fix_commits[0].sha == "298877f9c"
    assert config.fix_commits[0].title == "distinct lora_int_id per checkpoint"
    assert config.exclude == ["third_party/**"]
    assert config.vllm_version == "0.11.0"
    assert config.pull_request_conclusion == "neutral"
    assert config.follow_up_issues is False


def test_numeric_scalars_that_yaml_misreads() -> None:
    result = parse_config(b"fix_commits: [1234567]\nvllm_version: 0.11\n")
    assert result.errors == []
    assert result.config.fix_commits[0].sha == "1234567"
    assert result.config.vllm_version == "0.11"


@pytest.mark.parametrize(
    ("data", "fragment"),
    [
        (b"fix_commits: [\n", "not valid YAML"),
        (b"- a\n- b\n", "expected a mapping"),
        (b"\xff\xfe", "not UTF-8"),
        (b"pull_request_conclusion: explode\n", "pull_request_conclusion"),
        (b"fix_commits: [{sha: not-a-sha}]\n", "fix_commits"),
        (b"colour: blue\n", "colour"),
    ],
)
def test_broken_files_are_reported_not_raised(data: bytes, fragment: str) -> None:
    result = parse_config(data)
    assert result.found
    assert len(result.errors) >= 1
    assert fragment in result.errors[0]


def test_valid_keys_survive_a_broken_neighbour() -> None:
    result = parse_config(b"vllm_version: '0.15.0'\npull_request_conclusion: explode\n")
    assert result.config.vllm_version == "0.15.0"
    assert result.config.pull_request_conclusion == "failure"
    assert len(result.errors) == 1
