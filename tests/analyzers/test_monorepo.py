"""Issue 12: files as well as folders, monorepos, and SARIF that code scanning accepts.

One repository, scanned as a whole, as one of its folders, as one file, by absolute and by
relative path, from inside and from outside: the driver's verdict, its vLLM version and its
SARIF location are the same every time, because imports resolve against the package roots the
repository declares and pins are read from the driver's folder up to the repository's top.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.support.gitrepo import GitRepo
from tests.support.sarif import load_sarif

CLI = [sys.executable, "-m", "lora_audit", "scan"]
DRIVER = """\
from vllm import LLM
from vllm.lora.request import LoRARequest

from corelib.ids import adapter_id

llm = LLM("base", enable_lora=True)
for path in ["ckpt/a", "ckpt/b"]:
    llm.generate("prompt", lora_request=LoRARequest("adapter", adapter_id(path), path))
"""
SAFE_DRIVER = """\
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM("base", enable_lora=True)
for index, path in enumerate(["ckpt/a", "ckpt/b"]):
    llm.generate("prompt", lora_request=LoRARequest("adapter", index + 1, path))
"""
FILES = {
    "pyproject.toml": '[project]\nname = "mono"\ndependencies = ["vllm>=0.10"]\n',
    "libs/core/pyproject.toml": (
        '[project]\nname = "corelib"\n[tool.setuptools]\npackage-dir = {"" = "src"}\n'
    ),
    "libs/core/src/corelib/__init__.py": "",
    "libs/core/src/corelib/ids.py": "def adapter_id(path: str) -> int:\n    return 1\n",
    # pip's syntax around the pin: a continuation, a hash option, an include
    "apps/eval/requirements.txt": (
        "-r ../../requirements-common.txt\nvllm==0.11.0 \\\n    --hash=sha256:0123456789abcdef\n"
    ),
    "requirements-common.txt": "numpy>=1.26  # shared\n",
    "apps/eval/run_eval.py": DRIVER,
    "apps/serve/serve.py": SAFE_DRIVER,
    "README.md": "# mono\n",
}


def scan(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [*CLI, *args], capture_output=True, text=True, timeout=180, check=False, cwd=cwd
    )


@pytest.fixture
def mono(tmp_path: Path) -> Path:
    repo = GitRepo(tmp_path / "mono")
    repo.commit("monorepo", FILES)
    return repo.path


def _row(report: dict[str, Any], suffix: str) -> dict[str, Any]:
    rows: list[dict[str, Any]] = [r for r in report["drivers"] if r["path"].endswith(suffix)]
    assert len(rows) == 1, rows
    return rows[0]


def test_the_verdict_never_depends_on_which_folder_or_file_was_scanned(
    mono: Path, tmp_path: Path
) -> None:
    ways = [
        ([str(mono)], tmp_path, "apps/eval/run_eval.py"),
        (["apps/eval"], mono, "run_eval.py"),
        ([str(mono / "apps/eval/run_eval.py")], tmp_path, "apps/eval/run_eval.py"),
        (["run_eval.py"], mono / "apps/eval", "apps/eval/run_eval.py"),
    ]
    seen = set()
    for paths, cwd, expected_path in ways:
        result = scan(*paths, "--format", "json", cwd=cwd)
        assert result.returncode == 1, (paths, result.stderr)
        report = json.loads(result.stdout)
        row = _row(report, "run_eval.py")
        assert row["path"] == expected_path, (paths, row["path"])
        assert row["verdict"] == "Affected", (paths, row["reason"])
        config = [item for item in row["evidence"] if item["kind"] == "config"]
        assert config[-1]["detail"] == "judged for vLLM 0.11.0 (requirements.txt)", paths
        seen.add((row["verdict"], row["reason"].split(" at ")[0]))
        sarif = load_sarif(scan(*paths, "--format", "sarif", cwd=cwd).stdout)
        uris = {
            r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
            for r in sarif["runs"][0]["results"]
        }
        assert uris == {"apps/eval/run_eval.py"}, paths  # relative to the repository's top
    assert len(seen) == 1, seen


def test_without_the_declared_package_root_the_import_is_unknown(mono: Path) -> None:
    (mono / "libs/core/pyproject.toml").unlink()
    result = scan("apps/eval", "--format", "json", cwd=mono)
    row = _row(json.loads(result.stdout), "run_eval.py")
    assert row["verdict"] != "Affected"  # the id comes from a module nothing declares


def test_files_from_two_repositories_give_one_report_each(mono: Path, tmp_path: Path) -> None:
    other = GitRepo(tmp_path / "other")
    other.commit("one driver", {"eval.py": SAFE_DRIVER})
    result = scan(
        str(mono / "apps/eval/run_eval.py"),
        str(mono / "apps/serve/serve.py"),
        str(mono / "README.md"),  # not Python: nothing to audit
        str(other.path / "eval.py"),
        "--format", "json", cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 1, result.stderr
    reports = [json.loads(line) for line in result.stdout.splitlines()]
    assert [report["root"] for report in reports] == [str(mono), str(other.path)]
    assert [row["path"] for row in reports[0]["drivers"]] == [
        "apps/eval/run_eval.py",
        "apps/serve/serve.py",
    ]
    assert reports[0]["repository_path"] == ""
    assert [row["verdict"] for row in reports[1]["drivers"]] == ["Safe-distinct-id"]


def test_a_missing_path_is_no_such_file(tmp_path: Path) -> None:
    result = scan(str(tmp_path / "absent.py"), cwd=tmp_path)
    assert result.returncode == 2
    assert (
        result.stderr == f"lora-audit scan: {tmp_path / 'absent.py'}: no such file or directory\n"
    )


def test_config_globs_are_gitignore_patterns_from_the_repository_top(mono: Path) -> None:
    (mono / ".github").mkdir()
    (mono / ".github/lora-audit.yml").write_text('exclude: ["eval/"]\nexlude: []\n')
    result = scan("apps", "--format", "json", cwd=mono)
    report = json.loads(result.stdout)
    # `eval/` (no leading slash) is a folder at any depth, as in .gitignore
    assert [row["path"] for row in report["drivers"]] == ["serve/serve.py"]
    assert result.returncode == 0
    assert "unknown key 'exlude'; ignored (did you mean 'exclude'?)" in result.stderr
