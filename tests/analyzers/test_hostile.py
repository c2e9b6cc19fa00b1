"""Hostile input: every bad file becomes a clean row or a skip with a reason, never a crash, and
nothing analysed is ever imported or executed."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Report, Verdict

NEEDLE = "from vllm.lora.request import LoRARequest\n"


def _audit(root: Path) -> Report:
    return audit_tree(DirectoryTree(root))


def _audit_in_child(root: Path, first: str, shown: str, timeout: int) -> str:
    """Audit `root` in a child process that runs `first` before it and prints `shown` (of the
    report `r`): what would kill a process (a native stack overflow, memory past a limit)
    fails the test instead of the test run."""
    code = (
        f"{first}import sys; from analyzers.audit import audit_tree; "
        "from analyzers.files.directory import DirectoryTree; "
        f"r = audit_tree(DirectoryTree(sys.argv[1])); print({shown})"
    )
    result = subprocess.run(
        [sys.executable, "-c", code, str(root)],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return result.stdout


def _row(report: Report, path: str) -> tuple[Verdict, str]:
    rows = [row for row in report.drivers if row.path == path]
    assert len(rows) == 1, [row.path for row in report.drivers]
    return rows[0].verdict, rows[0].reason


def test_syntax_error_is_indeterminate_with_the_line(tmp_path: Path) -> None:
    (tmp_path / "broken.py").write_text(NEEDLE + "def f(:\n    pass\n")
    verdict, reason = _row(_audit(tmp_path), "broken.py")
    assert verdict is Verdict.INDETERMINATE
    assert "syntax error at line 2" in reason


@pytest.mark.skipif(sys.version_info >= (3, 12), reason="this Python parses 3.12 syntax itself")
@pytest.mark.parametrize(
    "body",
    [
        "type Ckpt = dict[str, str]\n",
        "def first[T](xs: list[T]) -> T:\n    return xs[0]\n",
        'ckpt = {"path": "ck/1"}\nprint(f"evaluating {ckpt["path"]}")\n',
    ],
    ids=["type-alias", "type-parameters", "f-string-reusing-its-quotes"],
)
def test_syntax_newer_than_the_running_python_is_named_as_such(tmp_path: Path, body: str) -> None:
    """Valid Python 3.12 on a 3.11 interpreter is not "a syntax error": the row says what to do."""
    (tmp_path / "new.py").write_text(NEEDLE + body)
    verdict, reason = _row(_audit(tmp_path), "new.py")
    assert verdict is Verdict.INDETERMINATE
    assert "uses Python syntax newer than the Python 3.11" in reason
    assert "run lora-audit on a newer Python" in reason


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("continue\n", "syntax error at line 2: 'continue' not properly in loop"),
        ("for x in y:\n    pass\nelse:\n    break\n", "syntax error at line 5: 'break' outside"),
        ("for x in y:\n    def f():\n        continue\n", "line 4: 'continue' not properly"),
        ("class A:\n    return 1\n", "syntax error at line 3: 'return' outside function"),
    ],
    ids=["continue-at-top", "break-in-loop-else", "continue-in-nested-def", "return-in-class"],
)
def test_what_cpython_would_not_compile_is_indeterminate_with_the_line(
    tmp_path: Path, body: str, message: str
) -> None:
    """`continue` outside a loop parses, but CPython refuses to compile it, and the file never
    runs: a row that says so, like any syntax error (it once escaped the analysis instead)."""
    (tmp_path / "broken.py").write_text(NEEDLE + body)
    verdict, reason = _row(_audit(tmp_path), "broken.py")
    assert verdict is Verdict.INDETERMINATE
    assert message in reason


def test_a_nul_byte_is_indeterminate_without_naming_a_line(tmp_path: Path) -> None:
    """CPython 3.11.4+ refuses a NUL byte with a syntax error that has no line number: the row
    says what is wrong, not "at line None"."""
    (tmp_path / "nul.py").write_bytes(NEEDLE.encode() + b"r = LoRARequest('a', 1, 'p')\x00\n")
    verdict, reason = _row(_audit(tmp_path), "nul.py")
    assert verdict is Verdict.INDETERMINATE
    assert "not Python source" in reason
    assert "null bytes" in reason
    assert "None" not in reason


def test_invalid_utf8_is_indeterminate(tmp_path: Path) -> None:
    (tmp_path / "latin.py").write_bytes(NEEDLE.encode() + b"name = '\xff\xfe caf\xe9'\n")
    verdict, reason = _row(_audit(tmp_path), "latin.py")
    assert verdict is Verdict.INDETERMINATE
    assert "not valid utf-8" in reason
    assert "line 2" in reason


def test_a_coding_cookie_is_honoured(tmp_path: Path) -> None:
    source = "# -*- coding: latin-1 -*-\n" + NEEDLE + "# caf\xe9\nLoRARequest('a', 1, 'p')\n"
    (tmp_path / "legacy.py").write_bytes(source.encode("latin-1"))
    verdict, _ = _row(_audit(tmp_path), "legacy.py")
    assert verdict is Verdict.NO_REALIZED_RUN


def test_a_20_mb_file_is_reported_not_parsed(tmp_path: Path) -> None:
    line = "x = 'padding padding padding padding padding padding padding padding'\n"
    with open(tmp_path / "huge.py", "w") as handle:
        handle.write(NEEDLE)
        handle.write(line * (20_000_000 // len(line)))
    verdict, reason = _row(_audit(tmp_path), "huge.py")
    assert verdict is Verdict.INDETERMINATE
    assert "parse limit" in reason


@pytest.mark.parametrize(
    "expression",
    [
        "(" * 5000 + "1" + ")" * 5000,
        "[" * 5000 + "]" * 5000,
        " and ".join(["a"] * 20000),
        "-" * 5000 + "a",
        "+".join(["a"] * 5000),
        "f" + "()" * 5000,
        "lambda: " * 5000 + "1",
    ],
    ids=["parens", "lists", "and-chain", "unary", "binary", "calls", "lambdas"],
)
def test_deep_nesting_cannot_crash_the_process(tmp_path: Path, expression: str) -> None:
    (tmp_path / "deep.py").write_text(NEEDLE + f"x = {expression}\n")
    # In a child process: a native stack overflow would kill it, and the test would see that.
    out = _audit_in_child(tmp_path, "", "r.drivers[0].verdict.value, r.drivers[0].reason", 120)
    assert out.startswith("Indeterminate"), out
    assert "nest" in out


def test_a_symlink_loop_is_skipped_with_a_reason(tmp_path: Path) -> None:
    (tmp_path / "driver.py").write_text(NEEDLE + "LoRARequest('a', 1, 'p')\n")
    os.symlink(tmp_path / "cycle", tmp_path / "cycle")
    (tmp_path / "pkg").mkdir()
    os.symlink(tmp_path, tmp_path / "pkg" / "root")
    os.symlink(tmp_path / "driver.py", tmp_path / "alias.py")
    report = _audit(tmp_path)
    assert [row.path for row in report.drivers] == ["driver.py"]
    skipped = {item.where: item.detail for item in report.skipped or []}
    assert set(skipped) == {"alias.py", "cycle", "pkg/root"}


def test_analysed_code_is_never_imported_or_executed(tmp_path: Path) -> None:
    marker = tmp_path / "EXECUTED"
    payload = f"open({str(marker)!r}, 'w').write('ran')\n"
    (tmp_path / "evil.py").write_text(
        "import os\n" + payload + NEEDLE
        + "class Engine:\n    def __init__(self):\n        " + payload
        + "def __getattr__(name):\n    " + payload
        + "if __name__ == '__main__':\n    " + payload + "    LoRARequest('a', 1, 'p')\n"
    )  # fmt: skip
    (tmp_path / "helper.py").write_text(payload + "def make():\n    " + payload)
    (tmp_path / "user.py").write_text(
        NEEDLE + "import helper\nfrom evil import Engine\nhelper.make()\nEngine()\n"
    )
    (tmp_path / "conftest.py").write_text(payload + NEEDLE)
    (tmp_path / "setup.py").write_text(payload + NEEDLE)
    report = _audit(tmp_path)
    assert {row.path for row in report.drivers} >= {"evil.py"}
    assert not marker.exists()
    assert "evil" not in sys.modules
    assert "helper" not in sys.modules


def test_pathological_programs_terminate(tmp_path: Path) -> None:
    (tmp_path / "spin.py").write_text(
        NEEDLE
        + "from vllm import LLM\n"
        + "def forever(n):\n    return forever(n + 1)\n"
        + "big = 10 ** 10 ** 10\ntext = 'x' * 10 ** 12\nitems = [0] * 10 ** 9\n"
        + "llm = LLM(model='m', enable_lora=True)\n"
        + "forever(0)\n"
        + "while True:\n    for i in range(10 ** 12):\n"
        + "        llm.generate(['q'], lora_request=LoRARequest('a', 1, f'c{i}'))\n"
    )
    verdict, reason = _row(_audit(tmp_path), "spin.py")
    assert verdict is Verdict.AFFECTED, reason


def test_values_that_double_every_step_stay_bounded_in_memory(tmp_path: Path) -> None:
    # `a, b = b, a + b` over unknown numbers names each result by how it was computed: a name
    # that doubles with every step. In a child process held to 2 GB, the run must finish with
    # the driver's own verdict (it once ended in a MemoryError, and a repository's whole scan
    # was killed at 24 GB).
    (tmp_path / "grow.py").write_text(
        "import sys\nfrom vllm import LLM\n"
        + NEEDLE
        + "llm = LLM('base', enable_lora=True)\n"
        + "a, b = float(sys.argv[1]), float(sys.argv[2])\n"
        + "for i in range(60):\n    a, b = b, a + b\n    a = a * b + a\n"
        + "llm.generate(['q'], lora_request=LoRARequest('x', 1, sys.argv[3]))\n"
    )
    limit = "import resource; resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30)); "
    out = _audit_in_child(tmp_path, limit, "r.drivers[0].verdict.value, r.internal_errors", 240)
    assert out.split() == ["Safe-single-adapter", "None"], out


def test_a_catastrophic_regular_expression_is_not_run(tmp_path: Path) -> None:
    # `(a+)+$` backtracks exponentially on "aaa...b": Python's re would not finish. The pattern
    # has two quantifiers, so the analysis leaves the match unknown and explores both answers.
    (tmp_path / "regex.py").write_text(
        NEEDLE
        + "import re\nfrom vllm import LLM\n"
        + "llm = LLM(model='m', enable_lora=True)\n"
        + "text = 'a' * 4000 + 'b'\n"
        + "lora_id = 1 if re.search(r'(a+)+$', text) else 2\n"
        + "llm.generate(['q'], lora_request=LoRARequest('a', lora_id, '/a'))\n"
        + "llm.generate(['q'], lora_request=LoRARequest('b', 2, '/b'))\n"
    )
    verdict, reason = _row(_audit(tmp_path), "regex.py")
    assert verdict is Verdict.AFFECTED, reason


def test_control_characters_in_names_reach_the_terminal_as_escapes(tmp_path: Path) -> None:
    """A file name or quoted code holding an escape sequence must not drive the terminal of
    whoever scans the repository (clear it, retitle it), nor a bidirectional override make
    one path read as another: the table writes each as its escape."""
    name = "evil\x1b]0;owned\x07\u202etxt.py"
    (tmp_path / name).write_text(NEEDLE + "r = LoRARequest('a', 1, '\x1b[2J')\n")
    (tmp_path / "two\nlines.py").write_text(NEEDLE + "r = LoRARequest('a', 1, 'p')\n")
    result = subprocess.run(
        [sys.executable, "-m", "lora_audit", "scan", str(tmp_path), "--color", "never"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, "XDG_CACHE_HOME": str(tmp_path / ".cache")},
    )
    assert result.returncode == 0, result.stderr
    assert not any(char in result.stdout for char in "\x1b\x07\u202e"), result.stdout
    assert "evil\\x1b]0;owned\\x07\\u202etxt.py:2" in result.stdout
    assert "two\\nlines.py:2" in result.stdout
