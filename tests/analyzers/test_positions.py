"""Where a row points, read off Python's own `ast`: columns count characters (not the UTF-8
bytes `ast` counts), and the constructs `ast` writes differently from the source (`elif`,
`a[k1, k2]`, `f(x=1, *rest)`, `a and b and c`) are read as Python runs them."""

from __future__ import annotations

import ast
from collections.abc import Callable

from analyzers.files.parsing import parse_source
from analyzers.interpret.syntax import arguments, is_elif, key_of
from analyzers.model import Report, Verdict
from tests.analyzers.fix.conftest import HEADER

AuditFiles = Callable[..., Report]

WIDE = HEADER + (
    'llm = LLM(model="base", enable_lora=True)\n'
    'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
    '    note = "äöü→✓"; request = LoRARequest("eval", 1, ckpt)\n'
    '    llm.generate(["q"], SamplingParams(), lora_request=request)\n'
)


def test_a_site_after_wide_characters_is_at_its_character_column(audit_files: AuditFiles) -> None:
    [row] = audit_files({"eval.py": WIDE}).drivers
    assert row.verdict is Verdict.AFFECTED
    line = WIDE.splitlines()[5]
    [site] = [site for site in row.sites if site.line == 6]
    assert site.column == line.index("LoRARequest(") + 1  # 1-based, in characters
    assert len(line.encode()) > len(line)  # the bytes would give another column


def _tree(text: str) -> tuple[ast.Module, list[str]]:
    source = parse_source("t.py", text.encode())
    return source.tree, source.lines


def test_elif_and_else_holding_an_if_are_told_apart() -> None:
    tree, lines = _tree("if a:\n    x\nelif b:\n    y\nif c:\n    x\nelse:\n    if d:\n        y\n")
    first, second = tree.body
    assert isinstance(first, ast.If)
    assert isinstance(second, ast.If)
    assert is_elif(first.orelse, lines)
    assert not is_elif(second.orelse, lines)


def test_a_subscript_of_several_items_has_no_single_key() -> None:
    tree, lines = _tree("t[a, b]\nt[(a, b)]\nt[a]\nt[1:2]\n")
    keys = [key_of(statement.value, lines) for statement in tree.body]  # type: ignore[attr-defined]
    assert keys[0] is None
    assert isinstance(keys[1], ast.Tuple)
    assert isinstance(keys[2], ast.Name)
    assert keys[3] is None


def test_arguments_come_in_the_order_they_are_written() -> None:
    tree, _ = _tree("f(a, *rest, key=1)\nf(key=1, *rest)\n")
    calls = [statement.value for statement in tree.body]  # type: ignore[attr-defined]
    assert [(arg.keyword, arg.star) for arg in arguments(calls[0])] == [
        (None, ""),
        (None, "*"),
        ("key", ""),
    ]
    assert [(arg.keyword, arg.star) for arg in arguments(calls[1])] == [("key", ""), (None, "*")]


def test_an_and_chain_is_decided_operand_by_operand(audit_files: AuditFiles) -> None:
    """`a and b and c` guarding the reuse: every operand is a condition of its own, so the
    world where all hold (the Affected one) is explored and named."""
    driver = HEADER + (
        "import sys\n"
        'llm = LLM(model="base", enable_lora=True)\n'
        'fast, again, loud = "--fast" in sys.argv, "--again" in sys.argv, "-v" in sys.argv\n'
        'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
        "    if fast and again and loud:\n"
        '        llm.generate(["q"], lora_request=LoRARequest("eval", 1, ckpt))\n'
    )
    [row] = audit_files({"eval.py": driver}).drivers
    assert row.verdict is Verdict.AFFECTED


def test_a_site_no_run_reaches_is_at_its_character_column(audit_files: AuditFiles) -> None:
    """The syntax-only sites of an unreached row count characters too."""
    driver = HEADER + (
        'raise SystemExit("this module only documents the request")\n'
        "def never_called(ckpt):\n"
        '    note = "äöü→✓"; return LoRARequest("eval", 1, ckpt)\n'
    )
    [row] = audit_files({"helper.py": driver}).drivers
    assert "no analysed run reached" in row.reason
    line = driver.splitlines()[5]
    [site] = [site for site in row.sites if site.line == 6]
    assert site.column == line.index("LoRARequest(") + 1
