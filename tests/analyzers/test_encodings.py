"""Issue 13, analyzer side: one bad file is one row, never the end of the audit, and no encoding
hides a driver from the prefilter.

Each codec named in a `# coding:` cookie that Python refuses (a transform such as rot13 or zlib,
a codec that cannot decode, a name that is no codec) gives that file an `Indeterminate` row while
the rest of the repository is audited; UTF-7 and `unicode_escape` sources, whose bytes need not
contain `LoRARequest`, are found and judged like any other driver.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.files.encoding import searchable
from analyzers.files.parsing import NODE_LIMIT, ParseFailure, parse_count, parse_source
from analyzers.git.tree import GitTree
from analyzers.model import Report, Verdict
from tests.analyzers.conftest import DRIVERS
from tests.support.gitrepo import GitRepo
from tests.support.sarif import load_sarif

CLI = [sys.executable, "-m", "lora_audit", "scan"]
NEEDLE = "from vllm.lora.request import LoRARequest\nLoRARequest('a', 1, 'p')\n"
# codec -> the words its row's reason must hold
REFUSED = {
    "rot13": "a transform rather than a text encoding",
    "zlib": "a transform rather than a text encoding",
    "base64": "a transform rather than a text encoding",
    "hex": "a transform rather than a text encoding",
    "bz2": "a transform rather than a text encoding",
    "uu": "a transform rather than a text encoding",
    "quopri": "a transform rather than a text encoding",
    "punycode": "cannot be decoded as its declared source encoding 'punycode'",
    "undefined": "cannot be decoded as its declared source encoding 'undefined'",
    "no-such-codec": "not a codec Python knows",
}
BAD_NAME = b"eval_\xff\xfe.py"
BAD_NAME_SHOWN = "eval_\\xff\\xfe.py"
AFFECTED = (DRIVERS / "checkpoint_loop_one_id.py").read_text()

# The Affected loop of checkpoint_loop_one_id.py, written so that no byte spells `LoRARequest`.
UTF7_DRIVER = """\
# coding: utf-7
from vllm import LLM
from vllm.lora.request import +AEw-oRARequest

llm = LLM("base", enable_lora=True)
for path in ["ckpt/a", "ckpt/b"]:
    llm.generate("prompt", lora_request=+AEw-oRARequest("adapter", 1, path))
"""
ESCAPED_DRIVER = """\
# coding: unicode_escape
from vllm import LLM
from vllm.lora.request import \\x4coRARequest

llm = LLM("base", enable_lora=True)
for path in ["ckpt/a", "ckpt/b"]:
    llm.generate("prompt", lora_request=\\x4coRARequest("adapter", 1, path))
"""


def _hostile_files() -> dict[bytes, bytes]:
    files = {
        f"coded_{codec}.py".encode(): f"# coding: {codec}\n{NEEDLE}".encode() for codec in REFUSED
    }
    files[b"eval.py"] = AFFECTED.encode()
    files[BAD_NAME] = AFFECTED.encode()
    return files


def _write(root: Path, files: dict[bytes, bytes]) -> None:
    root.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        with open(os.path.join(os.fsencode(root), name), "wb") as handle:
            handle.write(data)


def _rows(report: Report) -> dict[str, tuple[Verdict, str]]:
    return {row.path: (row.verdict, row.reason) for row in report.drivers}


def _assert_each_bad_file_is_one_row(rows: dict[str, tuple[Verdict, str]]) -> None:
    for codec, words in REFUSED.items():
        verdict, reason = rows[f"coded_{codec}.py"]
        assert verdict is Verdict.INDETERMINATE, (codec, reason)
        assert words in reason, (codec, reason)
        assert "Python refuses" in reason or "cannot be decoded" in reason
    assert rows["eval.py"][0] is Verdict.AFFECTED
    assert rows[BAD_NAME_SHOWN][0] is Verdict.AFFECTED
    assert len(rows) == len(REFUSED) + 2


def test_refused_codecs_and_a_bad_file_name_are_rows_through_the_cli(tmp_path: Path) -> None:
    _write(tmp_path / "repo", _hostile_files())
    for fmt in ("json", "table", "sarif", "markdown"):
        result = subprocess.run(
            [*CLI, str(tmp_path / "repo"), "--format", fmt],
            capture_output=True, text=True, timeout=180, check=False,
        )  # fmt: skip
        assert result.returncode == 1, (fmt, result.stderr[-2000:])
        assert "internal error" not in result.stderr
        if fmt == "json":
            report = Report.model_validate_json(result.stdout)
            _assert_each_bad_file_is_one_row(_rows(report))
        elif fmt == "sarif":
            (run,) = load_sarif(result.stdout)["runs"]
            uris = {
                r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
                for r in run["results"]
            }
            assert "eval_%FF%FE.py" in uris  # the bytes on disk, percent-encoded
        else:
            assert BAD_NAME_SHOWN in result.stdout


def test_refused_codecs_and_a_bad_file_name_are_rows_in_a_git_tree(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    _write(repo.path, _hostile_files())
    repo.commit("hostile files")
    with GitTree(repo.path) as tree:
        _assert_each_bad_file_is_one_row(_rows(audit_tree(tree)))
    # and the work tree of the same repository, read as a folder (git ls-files lists the names)
    _assert_each_bad_file_is_one_row(_rows(audit_tree(DirectoryTree(repo.path))))


@pytest.mark.parametrize("source", [UTF7_DRIVER, ESCAPED_DRIVER], ids=["utf-7", "unicode_escape"])
def test_an_encoding_cannot_hide_a_driver(tmp_path: Path, source: str) -> None:
    data = source.encode("ascii")
    assert b"LoRARequest" not in data
    assert b"LoRARequest" in searchable(data)
    _write(tmp_path / "repo", {b"hidden.py": data})
    result = subprocess.run(
        [*CLI, str(tmp_path / "repo"), "--format", "json"],
        capture_output=True, text=True, timeout=180, check=False,
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr
    rows = _rows(Report.model_validate_json(result.stdout))
    assert rows["hidden.py"][0] is Verdict.AFFECTED


def test_a_hidden_driver_in_a_git_commit_is_found(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("utf-7 driver", {"hidden.py": UTF7_DRIVER})
    with GitTree(repo.path) as tree:
        assert _rows(audit_tree(tree))["hidden.py"][0] is Verdict.AFFECTED


def test_cookies_on_line_two_only_after_a_comment_and_utf8_files_are_searched_as_bytes() -> None:
    plain = b"# -*- coding: utf-8 -*-\nx = 1\n"
    assert searchable(plain) is plain
    late = b"x = 1\n# coding: utf-7\n+AEw-oRARequest\n"
    assert searchable(late) is late  # Python ignores this cookie: the file is UTF-8
    second = b"#!/usr/bin/env python\n# coding: utf-7\n+AEw-oRARequest\n"
    assert b"LoRARequest" in searchable(second)


def test_a_huge_literal_is_refused_before_libcst_parses_it(tmp_path: Path) -> None:
    entries = "".join(f'    "key{index}": {index},\n' for index in range(NODE_LIMIT // 2 + 10))
    data = (NEEDLE + "TABLE = {\n" + entries + "}\n").encode()
    assert len(data) < 2 * 1024 * 1024  # under the size limit: only the node count stops it
    parsed_before = parse_count()
    with pytest.raises(ParseFailure, match="syntax nodes"):
        parse_source("table.py", data)
    assert parse_count() == parsed_before  # refused before libcst (tens of seconds) saw it
    (tmp_path / "table.py").write_bytes(data)
    (tmp_path / "eval.py").write_text(AFFECTED)
    rows = _rows(audit_tree(DirectoryTree(tmp_path)))
    assert rows["table.py"][0] is Verdict.INDETERMINATE
    assert f"more than {NODE_LIMIT:,} syntax nodes" in rows["table.py"][1]
    assert rows["eval.py"][0] is Verdict.AFFECTED


def test_json_of_a_bad_file_name_is_valid_utf8(tmp_path: Path) -> None:
    _write(tmp_path / "repo", {BAD_NAME: AFFECTED.encode()})
    result = subprocess.run(
        [*CLI, str(tmp_path / "repo"), "--format", "json"],
        capture_output=True, timeout=180, check=False,
    )  # fmt: skip
    assert result.returncode == 1
    report = json.loads(result.stdout.decode("utf-8"))
    assert [row["path"] for row in report["drivers"]] == [BAD_NAME_SHOWN]
