"""Every driver under drivers/ gets the verdict its first line promises (`# expect: <Verdict>`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict
from tests.analyzers.conftest import DRIVERS, copy_driver

_EXPECT = re.compile(r"^(?P<verdict>[\w-]+)(?:\s+vllm=(?P<version>[\d.]+))?$")


def _cases() -> list[tuple[str, Verdict, str | None]]:
    """One case per expectation: `# expect: Affected vllm=0.14.0; Safe-by-eviction vllm=0.15.0`."""
    cases = []
    for path in sorted(DRIVERS.glob("*.py")):
        first = path.read_text().splitlines()[0]
        assert first.startswith("# expect:"), f"{path.name} has no '# expect: <Verdict>' first line"
        for part in first.removeprefix("# expect:").split(";"):
            match = _EXPECT.match(part.strip())
            assert match is not None, f"{path.name}: cannot read expectation {part!r}"
            cases.append((path.name, Verdict(match.group("verdict")), match.group("version")))
    return cases


_PARAMS = [
    pytest.param(*case, id=case[0].removesuffix(".py") + (f"@{case[2]}" if case[2] else ""))
    for case in _cases()
]


@pytest.mark.parametrize(("name", "expected", "version"), _PARAMS)
def test_driver_verdict(tmp_path: Path, name: str, expected: Verdict, version: str | None) -> None:
    copy_driver(name, tmp_path)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(vllm_version=version))
    rows = [row for row in report.drivers if row.path == name]
    assert len(rows) == 1, [row.path for row in report.drivers]
    row = rows[0]
    assert row.verdict is expected, f"{row.verdict.value}: {row.reason}"
    assert row.reason.endswith(".")
    if expected is Verdict.AFFECTED:
        assert row.stale > 0
        assert any(record.stale for record in row.replay)
    if expected is Verdict.SAFE_PROBABILISTIC:
        assert row.bound is not None
        assert 0 <= row.bound < 0.01
