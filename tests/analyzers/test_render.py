"""Renderers: the terminal table, Markdown and SARIF views of one report."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

from analyzers.model import DriverRow, Report, Site, Suppression, Verdict
from analyzers.render.markdown import render_markdown
from analyzers.render.sarif import render_sarif
from analyzers.render.table import render_table
from tests.support.sarif import load_sarif

ROOT = Path(__file__).resolve().parents[2]


def _report(root: str = "examples/demo") -> Report:
    return Report(
        root=root,
        commit="0123456789abcdef0123456789abcdef01234567",
        vllm_version="0.11.0",
        vllm_version_source="uv.lock",
        drivers=[
            DriverRow(
                path="eval.py",
                line=12,
                verdict=Verdict.AFFECTED,
                reason="lora_int_id 1 is reused | twice.",
                sites=[Site(line=12, column=15, id="1", path="ckpt")],
                requests=2,
                stale=1,
            ),
            DriverRow(
                path="scripts/a_much_longer_driver_name.py",
                line=3,
                verdict=Verdict.SAFE_PROBABILISTIC,
                reason="hashed ids.",
                bound=1e-9,
            ),
            DriverRow(
                path="undecided.py", line=7, verdict=Verdict.INDETERMINATE, reason="unknown."
            ),
            DriverRow(
                path="waived.py",
                line=4,
                verdict=Verdict.AFFECTED,
                reason="reviewed.",
                suppressed=Suppression(verdicts=[Verdict.AFFECTED], reason="ok", line=4),
            ),
        ],
    )


def test_table_is_aligned_with_counts_last() -> None:
    text = render_table(_report())
    lines = text.rstrip().splitlines()
    rows = [
        line for line in lines if line.startswith(("eval.py", "scripts/", "undecided", "waived"))
    ]
    columns = {
        line.index(
            "Affected" if "Affected" in line else "Safe" if "Safe" in line else "Indeterminate"
        )
        for line in rows
    }
    assert len(columns) == 1, rows
    assert lines[-1] == "4 drivers: 2 Affected, 1 Safe-probabilistic, 1 Indeterminate"
    assert "commit 0123456" in lines[0]
    assert "suppressed: ok" in text
    assert "\033[" not in text


def test_table_colours_only_when_asked() -> None:
    coloured = render_table(_report(), color=True)
    assert "\033[1;31mAffected" in coloured
    assert "\033[0m" in coloured


def _scan_on_a_tty(root: Path, env: dict[str, str]) -> str:
    leader, follower = pty.openpty()
    process = subprocess.Popen(
        [sys.executable, "-m", "lora_audit", "scan", str(root)],
        stdout=follower,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=ROOT,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    process.wait(timeout=60)
    os.close(leader)
    return b"".join(chunks).decode()


def test_cli_colours_a_tty_unless_no_color(tmp_path: Path) -> None:
    (tmp_path / "loop.py").write_text(
        "from vllm import LLM\nfrom vllm.lora.request import LoRARequest\n"
        "llm = LLM(model='m', enable_lora=True)\n"
        "for p in ['a', 'b']:\n    llm.generate(['q'], lora_request=LoRARequest('x', 1, p))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "NO_COLOR"}
    assert "\033[1;31mAffected" in _scan_on_a_tty(tmp_path, env)
    assert "\033[" not in _scan_on_a_tty(tmp_path, {**env, "NO_COLOR": "1"})


def test_markdown_escapes_pipes_and_marks_suppressed_rows() -> None:
    text = render_markdown(_report())
    assert "| `eval.py:12` | 🔴 Affected | 2 | 1 | lora_int_id 1 is reused \\| twice. |" in text
    assert "(suppressed: ok)" in text
    assert text.rstrip().endswith("2 Affected, 1 Safe-probabilistic, 1 Indeterminate")


def test_sarif_has_one_result_per_non_safe_driver_at_its_site() -> None:
    log = load_sarif(render_sarif([_report()]))
    assert log["version"] == "2.1.0"
    assert log["$schema"].endswith("sarif-2.1.0.json")
    (run,) = log["runs"]
    rules = run["tool"]["driver"]["rules"]
    assert [rule["id"] for rule in rules] == ["LORA001", "LORA002"]
    results = run["results"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in results] == [
        "examples/demo/eval.py",
        "examples/demo/undecided.py",
        "examples/demo/waived.py",
    ]
    first = results[0]
    assert first["level"] == "error"
    assert rules[first["ruleIndex"]]["id"] == first["ruleId"] == "LORA001"
    assert first["locations"][0]["physicalLocation"]["region"] == {
        "startLine": 12,
        "startColumn": 15,
    }
    assert first["message"]["text"].startswith("Affected: ")
    assert results[1]["level"] == "warning"
    assert results[2]["suppressions"] == [
        {"kind": "inSource", "status": "accepted", "justification": "ok"}
    ]
    assert results[2]["level"] == "note"  # a suppressed finding is never an open error


def test_sarif_uris_stay_relative_to_an_absolute_root() -> None:
    log = load_sarif(render_sarif([_report(root="/abs/checkout")]))
    uris = [
        r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"]
        for r in log["runs"][0]["results"]
    ]
    assert uris[0] == "eval.py"
