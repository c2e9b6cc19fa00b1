"""Jupyter notebooks: a notebook that builds requests is a driver with a row of its own, cited
at the lines of the file as stored; one that calls a helper is that helper's caller."""

from __future__ import annotations

import json
import subprocess
from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.config import RepoConfig
from analyzers.files.directory import DirectoryTree
from analyzers.files.notebook import NotebookError, notebook_python
from analyzers.fix.codemod import fix_tree
from analyzers.git.api import audit_commit
from analyzers.model import Report, Verdict

SETUP = [
    "!pip install vllm\n",
    "from vllm import LLM, SamplingParams\n",
    "from vllm.lora.request import LoRARequest\n",
    "llm = LLM('base', enable_lora=True)",
]
SWEEP = [
    "files = !ls ckpts\n",
    "for step in [100, 200]:\n",
    "    %time x = 1\n",
    "    req = LoRARequest('policy', 1, f'ckpts/{step}')\n",
    "    print(llm.generate(['q'], SamplingParams(), lora_request=req))",
]


def _notebook(*cells: list[str], markdown: bool = True) -> dict[str, object]:
    found: list[dict[str, object]] = []
    if markdown:
        found.append({"cell_type": "markdown", "metadata": {}, "source": ["# Eval\n", "\n"]})
    for n, source in enumerate(cells):
        output = {"name": "stdout", "output_type": "stream", "text": ["ok\n"]}
        found.append(
            {"cell_type": "code", "execution_count": n, "metadata": {}, "outputs": [output],
             "source": source}
        )  # fmt: skip
    return {"cells": found, "metadata": {}, "nbformat": 4, "nbformat_minor": 5}


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def _line_of(text: str, needle: str) -> int:
    return next(n for n, line in enumerate(text.splitlines(), 1) if needle in line)


@pytest.fixture
def audit_folder(tmp_path: Path) -> Callable[[dict[str, str]], Report]:
    def run(files: dict[str, str]) -> Report:
        _write(tmp_path / "repo", files)
        return audit_tree(DirectoryTree(tmp_path / "repo"), AuditOptions())

    return run


def test_a_notebook_that_loops_checkpoints_under_one_id_is_affected_at_its_own_lines(
    audit_folder: Callable[[dict[str, str]], Report],
) -> None:
    text = json.dumps(_notebook(SETUP, SWEEP), indent=1)  # as Jupyter writes it
    report = audit_folder({"notebooks/eval.ipynb": text})
    (row,) = report.drivers
    assert row.path == "notebooks/eval.ipynb"
    assert row.verdict is Verdict.AFFECTED
    assert row.line == _line_of(text, "LoRARequest('policy'")
    assert f"LLM at notebooks/eval.ipynb:{_line_of(text, 'llm = LLM(')}" in row.reason


def test_a_notebook_stored_on_one_line_is_still_read(
    audit_folder: Callable[[dict[str, str]], Report],
) -> None:
    report = audit_folder({"eval.ipynb": json.dumps(_notebook(SETUP, SWEEP))})
    (row,) = report.drivers
    assert (row.path, row.verdict) == ("eval.ipynb", Verdict.AFFECTED)


def test_a_notebook_calling_a_helper_is_the_run_its_row_takes(
    audit_folder: Callable[[dict[str, str]], Report],
) -> None:
    helper = (
        "from vllm import SamplingParams\n"
        "from vllm.lora.request import LoRARequest\n\n"
        "def evaluate(llm, path):\n"
        "    req = LoRARequest('policy', 1, path)\n"
        "    return llm.generate(['q'], SamplingParams(), lora_request=req)\n"
    )
    setup = ["from helper import evaluate\n", "from vllm import LLM\n"]
    setup.append("llm = LLM('b', enable_lora=True)")
    cells = (setup, ["for path in ['ck/1', 'ck/2']:\n", "    evaluate(llm, path)"])
    report = audit_folder({"helper.py": helper, "run.ipynb": json.dumps(_notebook(*cells))})
    rows = {row.path: row for row in report.drivers}
    assert rows["helper.py"].verdict is Verdict.AFFECTED
    assert "served by run.ipynb" in rows["helper.py"].reason


def test_ipython_syntax_becomes_the_python_ipython_runs_for_it() -> None:
    cells = (
        ["%%html\n", "<b>x</b>"],
        ["%%time\n", "y = 2"],
        ["x?\n", "%matplotlib inline"],
        ["%%bash\n", "cp -r ckpt/b/. adapter/"],
        [
            "for ck in cks:\n",
            "    !cp -r {ck}/. adapter/\n",
            "    files = !ls $ck\n",
            "    %env A=b",
        ],
        ["%time out = f(1)\n", "res = %timeit -n 1 g(2)"],
    )
    script = notebook_python(json.dumps(_notebook(*cells, markdown=False)).encode()).decode()
    lines = [line for line in script.splitlines() if line.strip()]
    assert lines == [
        "import os as _ipython_os",
        "y = 2",
        "pass",
        "pass",
        "_ipython_os.system('cp -r ckpt/b/. adapter/\\n')",
        "for ck in cks:",
        "    _ipython_os.system(f'cp -r {ck}/. adapter/')",
        "    files = _ipython_os.popen(f'ls {ck}').read().splitlines()",
        "    _ipython_os.environ['A'] = 'b'",
        "out = f(1)",
        "res = g(2)",
    ]


@pytest.mark.parametrize(
    ("rewrite", "changed"),
    [
        ("    !cp -r {ck}/. /tmp/adapter/\n", "'/tmp/adapter' is rewritten at"),
        ("    %cp -r {ck}/. /tmp/adapter/\n", "'/tmp/adapter' is rewritten at"),
        ("    get_ipython().system(f'cp -r {ck}/. /tmp/adapter/')\n", "is rewritten at"),
    ],
    ids=["bang", "alias-magic", "get-ipython"],
)
def test_a_folder_a_shell_line_rewrites_per_checkpoint_is_affected(
    audit_folder: Callable[[dict[str, str]], Report], rewrite: str, changed: str
) -> None:
    """`!cp -r {ck}/. /tmp/adapter/` then id 1 for '/tmp/adapter': the shell line rewrote the
    folder (it was `pass`, and the notebook Safe-single-adapter)."""
    sweep = [
        "for ck in ['ckpt/1', 'ckpt/2']:\n",
        rewrite,
        "    req = LoRARequest('policy', 1, '/tmp/adapter')\n",
        "    llm.generate(['q'], SamplingParams(), lora_request=req)",
    ]
    report = audit_folder({"eval.ipynb": json.dumps(_notebook(SETUP, sweep), indent=1)})
    (row,) = report.drivers
    assert row.verdict is Verdict.AFFECTED, row.reason
    assert changed in row.reason


def test_a_timed_serve_runs(audit_folder: Callable[[dict[str, str]], Report]) -> None:
    """`%time out = llm.generate(...)` runs the serve (it was `pass`: No-realized-run)."""
    sweep = [
        "for step in [100, 200]:\n",
        "    req = LoRARequest('policy', 1, f'ckpts/{step}')\n",
        "    %time out = llm.generate(['q'], SamplingParams(), lora_request=req)",
    ]
    report = audit_folder({"eval.ipynb": json.dumps(_notebook(SETUP, sweep), indent=1)})
    (row,) = report.drivers
    assert row.verdict is Verdict.AFFECTED, row.reason


def test_cells_whose_last_line_ends_a_line_are_cited_at_the_files_lines(
    audit_folder: Callable[[dict[str, str]], Report],
) -> None:
    cells = [[*cell[:-1], cell[-1] + "\n"] for cell in (SETUP, SWEEP)]  # as nbformat writes them
    text = json.dumps(_notebook(*cells), indent=1)
    (row,) = audit_folder({"eval.ipynb": text}).drivers
    assert row.line == _line_of(text, "LoRARequest('policy'")


def test_a_file_that_is_not_a_notebook_is_an_unreadable_entry_not_an_abort(
    audit_folder: Callable[[dict[str, str]], Report],
) -> None:
    with pytest.raises(NotebookError):
        notebook_python(b"{not json LoRARequest(")
    report = audit_folder(
        {"broken.ipynb": "{not json LoRARequest(", "ok.ipynb": json.dumps(_notebook(SETUP, SWEEP))}
    )
    assert [row.path for row in report.drivers] == ["ok.ipynb"]
    assert any(entry.where == "broken.ipynb" for entry in report.skipped or [])


@pytest.mark.parametrize(
    ("include", "exclude", "kept"),
    [
        (["**/*.py"], ["*.ipynb"], []),
        (["**/*.py"], ["drafts/**"], ["eval.ipynb"]),
        (["**/*.py"], ["*.py"], ["eval.ipynb"]),  # an exclude that names scripts only
        (["src/**/*.py"], [], []),  # kept where a script of its name would be
    ],
)
def test_a_notebook_follows_the_include_and_exclude_globs(
    tmp_path: Path, include: list[str], exclude: list[str], kept: list[str]
) -> None:
    _write(tmp_path, {"eval.ipynb": json.dumps(_notebook(SETUP, SWEEP))})
    config = RepoConfig(include=include, exclude=exclude)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(config=config))
    assert [row.path for row in report.drivers] == kept


def test_a_notebook_in_a_commit_is_audited_and_never_rewritten(tmp_path: Path) -> None:
    text = json.dumps(_notebook(SETUP, SWEEP), indent=1)
    _write(tmp_path, {"eval.ipynb": text})
    git = ["git", "-C", str(tmp_path), "-c", "user.email=a@b", "-c", "user.name=a"]
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    subprocess.run([*git, "add", "-A"], check=True)
    subprocess.run([*git, "commit", "-qm", "eval"], check=True)
    report = audit_commit(tmp_path, "HEAD", AuditOptions())
    assert [(row.path, row.verdict) for row in report.drivers] == [("eval.ipynb", Verdict.AFFECTED)]
    result = fix_tree(DirectoryTree(tmp_path), AuditOptions())
    assert [refusal.path for refusal in result.refused] == ["eval.ipynb"]
    assert "notebook is not rewritten" in result.refused[0].reason
    assert result.fixed == []
