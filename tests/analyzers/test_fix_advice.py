"""The fix advice is written once (`analyzers/vllm/fixes.py`), with each fix's vLLM condition."""

from __future__ import annotations

from analyzers.model import DriverRow, Report, Verdict
from analyzers.render.sarif import render_sarif
from analyzers.vllm.fixes import FIXES, fix, one_sentence
from analyzers.vllm.releases import VllmVersion
from tests.support.sarif import load_sarif


def test_each_fix_kind_once_with_its_release_condition() -> None:
    kinds = [entry.kind for entry in FIXES]
    assert kinds == ["distinct-id", "remove-before-reuse", "load-inplace", "fresh-engine"]
    inplace = fix("load-inplace")
    assert inplace.condition() == "vLLM >= 0.15"
    assert not inplace.available(VllmVersion(0, 14, 0))
    assert inplace.available(VllmVersion(0, 15, 0))
    assert fix("distinct-id").available(VllmVersion(0, 10, 2))
    assert fix("remove-before-reuse").condition() == ""


def test_sarif_help_lists_every_fix_in_one_sentence() -> None:
    row = DriverRow(path="eval.py", line=3, verdict=Verdict.AFFECTED, reason="reused.")
    log = load_sarif(render_sarif([Report(root=".", drivers=[row])]))
    (rule,) = log["runs"][0]["tool"]["driver"]["rules"]
    text = rule["help"]["text"]
    assert text == one_sentence()
    assert text.startswith("Give each distinct adapter its own lora_int_id, ")
    assert text.endswith(", or build a fresh engine per adapter.")
    assert "(vLLM >= 0.15) pass load_inplace=True" in text
    for entry in FIXES:
        assert entry.summary[1:] in text  # the first is capitalised
