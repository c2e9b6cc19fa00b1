"""The fix advice is written once (`analyzers/vllm/fixes.py`), with each fix's vLLM condition."""

from __future__ import annotations

from analyzers.model import DriverRow, Report, Verdict
from analyzers.render.sarif import render_sarif
from analyzers.vllm.fixes import FIXES, REWRITES, fix, one_sentence, rewrite, rewrites_for
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


def _names(*, new_content: bool, pinned: VllmVersion | None) -> list[str]:
    return [entry.name for entry in rewrites_for(new_content=new_content, pinned=pinned)]


def test_each_rewrite_of_lora_audit_fix_is_one_of_the_fixes() -> None:
    assert {entry.kind for entry in REWRITES} <= {entry.kind for entry in FIXES}
    assert rewrite("id-map").kind == "distinct-id"
    assert not rewrite("id-map").new_content  # a new id per path cannot fix new weights


def test_rewrites_are_chosen_by_row_and_pinned_release() -> None:
    distinct = ["enumerate-index", "counter", "id-map"]
    assert _names(new_content=False, pinned=None) == [*distinct, "remove-lora"]
    assert _names(new_content=False, pinned=VllmVersion(0, 14, 0)) == [*distinct, "remove-lora"]
    assert _names(new_content=False, pinned=VllmVersion(0, 15, 0)) == [
        *distinct,
        "load-inplace",
        "remove-lora",
    ]
    # Same path, new weights: re-reading first, and no id per path.
    assert _names(new_content=True, pinned=VllmVersion(0, 26, 0)) == [
        "load-inplace",
        "remove-lora",
        "enumerate-index",
        "counter",
    ]
    assert _names(new_content=True, pinned=None) == ["remove-lora", "enumerate-index", "counter"]
