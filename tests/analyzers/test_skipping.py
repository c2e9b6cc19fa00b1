"""A safe verdict with worlds left unexplored stands only where skipping cannot undo it.

Each driver below has more undecidable conditions than the world budget covers (six flags in
each of three steps), none of which touches adapters. Other answers to them can only skip
requests: distinct digests stay distinct, and a repeat the request itself reloads, or whose id
is dropped by the statement just before, stays protected. A repeat kept apart only by LRU
eviction, or by a drop a condition may skip, loses its protection when the requests between
are skipped, so those stay `Indeterminate`.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from analyzers.files.directory import DirectoryTree
from analyzers.files.discover import DriverLoader, ModuleStore
from analyzers.files.parsing import ParseFailure
from analyzers.files.program import Module, module_name_for
from analyzers.judge.driver import analyse_driver
from analyzers.model import Verdict
from analyzers.vllm.releases import LOAD_INPLACE_SINCE, NEWEST_KNOWN, OLDEST_KNOWN, VllmVersion

_HEAD = """\
import sys
import time

import vllm
from packaging import version
from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras={cpu})


def note(text):
    print(text)


for step in range(3):
"""
_FLAGS = "".join(f'    if "--{flag}" in sys.argv:\n        note("{flag}")\n' for flag in "abcdef")


def _verdict(
    tmp_path: Path, body: str, cpu: int = 1, version: VllmVersion = NEWEST_KNOWN
) -> tuple[Verdict, str]:
    source = _HEAD.format(cpu=cpu) + _FLAGS + "".join(f"    {line}\n" for line in body.splitlines())
    return _verdict_of(tmp_path, source, version)


def _verdict_of(
    tmp_path: Path, source: str, version: VllmVersion = NEWEST_KNOWN
) -> tuple[Verdict, str]:
    (tmp_path / "drive.py").write_text(source)
    tree = DirectoryTree(tmp_path)
    store = ModuleStore(tree, list(tree.files()))
    parsed = store.parse("drive.py")
    assert not isinstance(parsed, ParseFailure)
    name, package = module_name_for("drive.py")
    result = analyse_driver(
        DriverLoader(store, "drive.py"), Module(parsed, name, package), [version], version
    )
    assert result.outcome is not None
    assert result.unexplored, "the driver must leave worlds unexplored to test anything"
    return result.outcome.verdict, "; ".join([result.outcome.reason, *result.outcome.notes])


def test_a_drop_on_the_line_before_the_repeat_keeps_it_safe(tmp_path: Path) -> None:
    verdict, reason = _verdict(
        tmp_path,
        "llm.llm_engine.remove_lora(1)\n"
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))',
    )
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
    assert "other answers can only skip some of these requests" in reason


def test_a_drop_under_a_condition_the_repeat_is_not_under_does_not_protect_it(
    tmp_path: Path,
) -> None:
    # The drop sits below a condition the repeat is not under: another answer skips the drop,
    # not the repeat.
    verdict, reason = _verdict(
        tmp_path,
        'if "--keep" not in sys.argv:\n'
        "    llm.llm_engine.remove_lora(1)\n"
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))',
    )
    assert verdict in (Verdict.AFFECTED, Verdict.INDETERMINATE), reason


def test_a_repeat_that_reloads_itself_keeps_it_safe(tmp_path: Path) -> None:
    verdict, reason = _verdict(
        tmp_path,
        'request = LoRARequest("policy", 1, f"/ckpt/{step}", load_inplace=True)\n'
        'llm.generate(["hi"], lora_request=request)',
    )
    assert verdict is Verdict.SAFE_BY_EVICTION, reason


def test_digest_ids_stay_safe(tmp_path: Path) -> None:
    verdict, reason = _verdict(
        tmp_path,
        "lora_id = time.time_ns() % 2147483647 + 1\n"
        'llm.generate(["hi"], lora_request=LoRARequest("policy", lora_id, f"/ckpt/{step}"))',
    )
    assert verdict is Verdict.SAFE_PROBABILISTIC, reason


def test_lru_eviction_rests_on_every_request_between(tmp_path: Path) -> None:
    # Skip the request for id 2 and id 1 is still cached when it comes back.
    verdict, reason = _verdict(
        tmp_path,
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        'llm.generate(["hi"], lora_request=LoRARequest("reference", 2, f"/ref/{step}"))',
    )
    assert verdict is Verdict.INDETERMINATE, reason
    assert "safety rests on every request in order" in reason


def test_a_drop_inside_an_expression_is_not_a_drop_of_its_own(tmp_path: Path) -> None:
    verdict, reason = _verdict(
        tmp_path,
        '"--keep" in sys.argv or llm.llm_engine.remove_lora(1)\n'
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))',
    )
    assert verdict in (Verdict.AFFECTED, Verdict.INDETERMINATE), reason


def test_a_drop_left_by_the_previous_step_is_not_shown_to_hold(tmp_path: Path) -> None:
    # The drop ends one run of the loop body and the repeat is in the next: the analysis
    # proves protection only within one run of a block, so it does not claim this one.
    verdict, reason = _verdict(
        tmp_path,
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        "llm.llm_engine.remove_lora(1)",
    )
    assert verdict is Verdict.INDETERMINATE, reason


@pytest.mark.parametrize(
    "body",
    [
        # Whichever way the body ends (`continue` past the request, or after it), the
        # `finally` drops the id before the next step's request.
        "try:\n"
        '    if "--skip" in sys.argv:\n'
        "        continue\n"
        '    llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        '    note("done")\n'
        "finally:\n"
        "    llm.llm_engine.remove_lora(1)",
        # The use just before the `try`: once it is made, the `try` begins.
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        "try:\n"
        '    note("scored")\n'
        "finally:\n"
        "    llm.llm_engine.remove_lora(1)",
    ],
    ids=["use-inside-the-try", "use-just-before-the-try"],
)
def test_a_drop_in_a_finally_follows_every_use_of_its_try(tmp_path: Path, body: str) -> None:
    verdict, reason = _verdict(tmp_path, body)
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
    assert "other answers can only skip some of these requests" in reason


@pytest.mark.parametrize(
    "body",
    [
        # A `continue` between the use and the `try` skips the drop after the use.
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        'if "--skip" in sys.argv:\n'
        "    continue\n"
        "try:\n"
        '    note("scored")\n'
        "finally:\n"
        "    llm.llm_engine.remove_lora(1)",
        # The `finally` drops the id only under a condition.
        "try:\n"
        '    llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}"))\n'
        "finally:\n"
        '    if "--keep" not in sys.argv:\n'
        "        llm.llm_engine.remove_lora(1)",
    ],
    ids=["skipped-before-the-try", "conditional-drop"],
)
def test_a_finally_that_may_not_drop_after_the_use_does_not_protect_it(
    tmp_path: Path, body: str
) -> None:
    verdict, reason = _verdict(tmp_path, body)
    assert verdict in (Verdict.AFFECTED, Verdict.INDETERMINATE), reason


_GUARDED = """\
import sys

from vllm import LLM
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True, max_loras=1, max_cpu_loras=1)
seen = []


def push(step, fresh, ready):
    if {push_guard}:
        llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{{step}}"))


def sync(step, fresh, ready):
    if fresh:
        llm.llm_engine.remove_lora(1)
    for flag in "abcdef":
        if flag in sys.argv:
            seen.append(flag)  # a side that does something: a decision (a `print` is none)
    push(step, fresh, ready)


for step in range(3):
    sync(step, "--fresh" in sys.argv, "--ready" in sys.argv)
"""


def test_a_drop_under_the_same_if_side_as_the_repeat_keeps_it_safe(tmp_path: Path) -> None:
    # `if fresh:` guards both, on the same input: no answer makes one without the other.
    verdict, reason = _verdict_of(tmp_path, _GUARDED.format(push_guard="fresh"))
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
    assert "other answers can only skip some of these requests" in reason


def test_a_drop_under_another_if_side_than_the_repeat_is_not_shown_to_hold(
    tmp_path: Path,
) -> None:
    # With --ready and without --fresh the repeat is served with nothing dropped.
    verdict, reason = _verdict_of(tmp_path, _GUARDED.format(push_guard="ready"))
    assert verdict in (Verdict.AFFECTED, Verdict.INDETERMINATE), reason


@pytest.mark.parametrize("release", [OLDEST_KNOWN, NEWEST_KNOWN], ids=str)
def test_a_drop_below_a_vllm_version_check_keeps_it_safe(
    tmp_path: Path, release: VllmVersion
) -> None:
    # The release judged decides the check: before 0.15 the id is dropped, from 0.15 on the
    # request reloads in place; no run-time answer separates the drop from the repeat.
    verdict, reason = _verdict(
        tmp_path,
        "extra = {}\n"
        'if version.parse(vllm.__version__) >= version.parse("0.15.0"):\n'
        '    extra["load_inplace"] = True\n'
        "else:\n"
        "    llm.llm_engine.remove_lora(1)\n"
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}", **extra))',
        version=release,
    )
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
    how = "remove_lora at" if release < LOAD_INPLACE_SINCE else "load_inplace=True"
    assert how in reason, reason


_SUPPORTS_INPLACE = """\
import importlib.util


def supports_inplace():
    if importlib.util.find_spec("vllm") is None:
        return False
    release = vllm.__version__
    if release is None or "dev" in release:
        return True
    return version.parse(release) >= version.parse("0.15.0")


"""


@pytest.mark.parametrize("release", [OLDEST_KNOWN, NEWEST_KNOWN], ids=str)
def test_a_repository_feature_check_on_the_release_is_a_version_check(
    tmp_path: Path, release: VllmVersion
) -> None:
    # vLLM is installed in every run judged, and no release's version text is None or holds
    # "dev": the helper answers by the release alone, like a bare version comparison.
    head = _HEAD.format(cpu=1).replace(
        "for step in range(3):\n", _SUPPORTS_INPLACE + "for step in range(3):\n"
    )
    body = (
        "extra = {}\n"
        "if supports_inplace():\n"
        '    extra["load_inplace"] = True\n'
        "else:\n"
        "    llm.llm_engine.remove_lora(1)\n"
        'llm.generate(["hi"], lora_request=LoRARequest("policy", 1, f"/ckpt/{step}", **extra))'
    )
    source = head + _FLAGS + "".join(f"    {line}\n" for line in body.splitlines())
    verdict, reason = _verdict_of(tmp_path, source, release)
    assert verdict is Verdict.SAFE_BY_EVICTION, reason
