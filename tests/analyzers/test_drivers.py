"""Every driver under drivers/ gets the row its first line promises.

The first line is `# expect:` and one or more expectations separated by `;`, each a verdict and
optional pins: `vllm=X.Y.Z` (judged at that release), `line=N` (the row's line) and any number
of `reason~="words"` (words the row's reason contains), for example

    # expect: Safe-by-eviction vllm=0.15.0 line=19 reason~="evicted before every repeat"

Each driver's docstring (its second line on) says why that verdict is right.
"""

from __future__ import annotations

import ast
import shlex
from dataclasses import dataclass
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict
from tests.analyzers.conftest import DRIVERS, copy_driver

PREFIX = "# expect:"


@dataclass(frozen=True)
class Expectation:
    verdict: Verdict
    version: str | None = None
    line: int | None = None
    reason: tuple[str, ...] = ()


def parse_expectations(first_line: str) -> list[Expectation]:
    """`# expect: <Verdict> [vllm=X] [line=N] [reason~="..."]...; ...` -> expectations."""
    assert first_line.startswith(PREFIX), f"no {PREFIX!r} line: {first_line!r}"
    lexer = shlex.shlex(first_line.removeprefix(PREFIX), posix=True, punctuation_chars=";")
    lexer.whitespace_split = True
    groups: list[list[str]] = [[]]
    for token in lexer:
        if token == ";":
            groups.append([])
        else:
            groups[-1].append(token)
    found = []
    for verdict, *pins in groups:
        version, line, words = None, None, []
        for pin in pins:
            key, _, value = pin.partition("=")
            if key == "vllm":
                version = value
            elif key == "line":
                line = int(value)
            elif key == "reason~":
                words.append(value)
            else:
                raise AssertionError(f"cannot read {pin!r} in {first_line!r}")
        found.append(Expectation(Verdict(verdict), version, line, tuple(words)))
    return found


def _cases() -> list[tuple[str, Expectation]]:
    cases = []
    for path in sorted(DRIVERS.glob("*.py")):
        # pytest would collect (and import) a driver named like a test module.
        assert not path.name.startswith("test_"), path.name
        assert not path.name.endswith("_test.py"), path.name
        text = path.read_text()
        assert ast.get_docstring(ast.parse(text)), f"{path.name} has no docstring saying why"
        for expectation in parse_expectations(text.splitlines()[0]):
            cases.append((path.name, expectation))
    return cases


_PARAMS = [
    pytest.param(
        name,
        expectation,
        id=name.removesuffix(".py") + (f"@{expectation.version}" if expectation.version else ""),
    )
    for name, expectation in _cases()
]


@pytest.mark.parametrize(("name", "expected"), _PARAMS)
def test_driver_row(tmp_path: Path, name: str, expected: Expectation) -> None:
    copy_driver(name, tmp_path)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(vllm_version=expected.version))
    rows = [row for row in report.drivers if row.path == name]
    assert len(rows) == 1, [row.path for row in report.drivers]
    row = rows[0]
    assert row.verdict is expected.verdict, f"{row.verdict.value}: {row.reason}"
    assert expected.line is not None, f"{name}: pin the row's line (line={row.line})"
    assert row.line == expected.line, row.reason
    assert expected.reason, f"{name}: pin key words of the reason: {row.reason}"
    for words in expected.reason:
        assert words in row.reason
    assert row.reason.endswith(".")
    if expected.verdict is Verdict.AFFECTED:
        assert row.stale > 0
        # A replay names the stale request, except where too few digest ids for the adapters
        # make one certain without saying which (`safe._crowded`).
        assert any(record.stale for record in row.replay) or "share an id" in row.reason
    if expected.verdict is Verdict.SAFE_PROBABILISTIC:
        assert row.bound is not None
        assert 0 <= row.bound < 0.01


def test_the_expectation_format() -> None:
    first = (
        '# expect: Affected line=7 reason~="is served \'a\'" reason~="2 of 3"; '
        "Safe-by-eviction vllm=0.15.0"
    )
    assert parse_expectations(first) == [
        Expectation(Verdict.AFFECTED, None, 7, ("is served 'a'", "2 of 3")),
        Expectation(Verdict.SAFE_BY_EVICTION, "0.15.0"),
    ]
    with pytest.raises(AssertionError):
        parse_expectations("# expect: Affected lines=7")
