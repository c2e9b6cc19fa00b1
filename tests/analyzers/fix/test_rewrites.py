"""One test per rewrite of `lora-audit fix`, each on the driver shape it is for, with the exact
text it writes; then what a rewrite must never do (touch other text, lose the file's encoding,
run the code, change a file twice, or write `load_inplace` where the pinned vLLM lacks it)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions
from analyzers.files.directory import DirectoryTree
from analyzers.fix.codemod import FixResult, fix_tree
from analyzers.model import Verdict
from tests.analyzers.fix.conftest import HEADER, apply, rescan, write_tree

FixFiles = Callable[..., FixResult]


def _only_fix(result: FixResult) -> tuple[str, str, Verdict]:
    """(rewrite name, new text, re-scan verdict) of the one fixed driver."""
    assert result.refused == []
    [fixed] = result.fixed
    assert result.remaining == []
    return fixed.rewrite.name, fixed.text(), fixed.verdict


ID_MAP_DRIVER = '''\
"""Evaluate every checkpoint of a run."""
import glob

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

llm = LLM(model="base", enable_lora=True)
for ckpt in sorted(glob.glob("runs/*/final")):  # newest last
    # one adapter per checkpoint
    request = LoRARequest("eval",   1,  ckpt)  # odd spacing stays
    llm.generate(["q"], SamplingParams(), lora_request=request)
'''


def test_id_map_keyed_by_path_when_no_index_or_counter_is_in_scope(fix_files: FixFiles) -> None:
    name, text, verdict = _only_fix(fix_files({"evaluate.py": ID_MAP_DRIVER}))
    assert name == "id-map"
    assert verdict is Verdict.SAFE_DISTINCT_ID
    assert text == ID_MAP_DRIVER.replace(
        "from vllm.lora.request import LoRARequest\n\n",
        "from vllm.lora.request import LoRARequest\n\n"
        "_lora_ids: dict[object, int] = {}  # adapter path -> lora_int_id\n\n",
    ).replace(
        'LoRARequest("eval",   1,  ckpt)',
        'LoRARequest(f"eval-{_lora_ids.setdefault(ckpt, len(_lora_ids) + 1)}",   '
        "_lora_ids.setdefault(ckpt, len(_lora_ids) + 1),  ckpt)",
    )


def test_id_map_takes_a_name_the_file_does_not_use(fix_files: FixFiles) -> None:
    driver = ID_MAP_DRIVER.replace("llm = LLM(", "_lora_ids = None\nllm = LLM(")
    _, text, _ = _only_fix(fix_files({"evaluate.py": driver}))
    assert "_lora_ids_2: dict[object, int] = {}" in text
    assert "_lora_ids_2.setdefault(ckpt, len(_lora_ids_2) + 1)" in text


def test_enumerate_index(fix_files: FixFiles) -> None:
    driver = HEADER + (
        'CHECKPOINTS = ["ckpt/a", "ckpt/b", "ckpt/c"]\n'
        'llm = LLM(model="base", enable_lora=True)\n'
        "for index, ckpt in enumerate(CHECKPOINTS):\n"
        '    llm.generate(["q"], lora_request=LoRARequest(f"c{index}", 1, ckpt))\n'
    )
    name, text, verdict = _only_fix(fix_files({"sweep.py": driver}))
    assert (name, verdict) == ("enumerate-index", Verdict.SAFE_DISTINCT_ID)
    assert text == driver.replace('f"c{index}", 1, ckpt', 'f"c{index}", index + 1, ckpt')


def test_enumerate_from_one_is_the_id_itself(fix_files: FixFiles) -> None:
    driver = HEADER + (
        'llm = LLM(model="base", enable_lora=True)\n'
        'for number, ckpt in enumerate(["ckpt/a", "ckpt/b"], start=1):\n'
        '    llm.generate(["q"], lora_request=LoRARequest(f"d{number}", 7, ckpt))\n'
    )
    name, text, _ = _only_fix(fix_files({"sweep.py": driver}))
    assert name == "enumerate-index"
    assert text == driver.replace('f"d{number}", 7, ckpt', 'f"d{number}", number, ckpt')


def test_range_counter_gives_a_new_id_each_step(fix_files: FixFiles) -> None:
    driver = HEADER + (
        "\n"
        "def train(trainer) -> None:\n"
        '    llm = LLM(model="base", enable_lora=True)\n'
        "    for step in range(4):\n"
        '        folder = f"runs/grpo/step_{step}"\n'
        "        trainer.save(folder)\n"
        '        llm.generate(["q"], lora_request=LoRARequest("policy", 1, folder))\n'
    )
    name, text, verdict = _only_fix(fix_files({"train.py": driver}))
    assert (name, verdict) == ("counter", Verdict.SAFE_DISTINCT_ID)
    # The literal name takes the id too: vLLM 0.11.1 to 0.30 keys its prefix cache by name.
    assert text == driver.replace('"policy", 1, folder', 'f"policy-{step + 1}", step + 1, folder')


def test_running_counter_already_incremented_before_the_request(fix_files: FixFiles) -> None:
    driver = HEADER + (
        'llm = LLM(model="base", enable_lora=True)\n'
        "done = 0\n"
        'for ckpt in ["a", "b", "c"]:\n'
        "    done += 1\n"
        '    llm.generate(["q"], lora_request=LoRARequest("x", 1, ckpt))\n'
    )
    name, text, _ = _only_fix(fix_files({"loop.py": driver}))
    assert name == "counter"
    assert text == driver.replace('"x", 1, ckpt', 'f"x-{done}", done, ckpt')


RL_DRIVER = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

SYNC = "checkpoints/sync"


def rollouts(policy, steps: int) -> None:
    llm = LLM(model="base", enable_lora=True)
    request = LoRARequest(
        "policy",  # the name
        1,
        SYNC,
    )
    for _ in range(steps):
        policy.save_pretrained(SYNC)  # overwrite the folder vLLM serves from
        # sample with the new weights
        llm.generate(["rollout"], SamplingParams(), lora_request=request)
        policy.step()
"""
REMOVED = RL_DRIVER.replace(
    "        # sample with the new weights\n",
    "        # sample with the new weights\n"
    "        llm.llm_engine.remove_lora(request.lora_int_id)\n",
)


def test_remove_lora_before_the_reuse_of_an_overwritten_folder(fix_files: FixFiles) -> None:
    """Same path, new weights: a new id per path cannot help; re-reading the folder does."""
    name, text, verdict = _only_fix(fix_files({"rollouts.py": RL_DRIVER}))
    assert (name, verdict) == ("remove-lora", Verdict.SAFE_BY_EVICTION)
    assert text == REMOVED


def test_remove_lora_on_an_llm_engine_is_its_own_method(fix_files: FixFiles) -> None:
    driver = (
        "from vllm import EngineArgs, LLMEngine\n"
        "from vllm.lora.request import LoRARequest\n"
        "\n"
        'engine = LLMEngine.from_engine_args(EngineArgs(model="base", enable_lora=True))\n'
        'request = LoRARequest("policy", 1, "sync")\n'
        "for step in range(3):\n"
        '    model.save_pretrained("sync")\n'
        '    engine.add_request(str(step), "rollout", None, lora_request=request)\n'
        "    while engine.has_unfinished_requests():\n"
        "        engine.step()\n"
    )
    name, text, _ = _only_fix(fix_files({"engine.py": driver}))
    assert name == "remove-lora"
    assert "    engine.remove_lora(request.lora_int_id)\n    engine.add_request(" in text


def test_load_inplace_on_a_repository_pinned_to_0_15(fix_files: FixFiles) -> None:
    result = fix_files({"rollouts.py": RL_DRIVER, "requirements.txt": "vllm==0.15.0\n"})
    name, text, verdict = _only_fix(result)
    assert (name, verdict) == ("load-inplace", Verdict.SAFE_BY_EVICTION)
    assert text == RL_DRIVER.replace(
        "        SYNC,\n", "        SYNC,\n        load_inplace=True,\n"
    )


def test_an_existing_load_inplace_false_becomes_true(fix_files: FixFiles) -> None:
    driver = RL_DRIVER.replace("        SYNC,\n", "        SYNC,\n        load_inplace=False,\n")
    result = fix_files({"rollouts.py": driver, "requirements.txt": "vllm==0.26.0\n"})
    _, text, _ = _only_fix(result)
    assert text == RL_DRIVER.replace(
        "        SYNC,\n", "        SYNC,\n        load_inplace=True,\n"
    )


@pytest.mark.parametrize(
    ("files", "flag"),
    [
        ({"requirements.txt": "vllm==0.14.0\n"}, None),  # the keyword is a TypeError there
        ({}, None),  # unpinned: any release may run it
        ({}, "0.15.0"),  # a flag says what to judge against, not what the code runs on
    ],
    ids=["pinned-0.14", "unpinned", "flag-only"],
)
def test_no_load_inplace_where_the_repository_does_not_pin_a_release_that_has_it(
    fix_files: FixFiles, files: dict[str, str], flag: str | None
) -> None:
    result = fix_files({"rollouts.py": RL_DRIVER, **files}, vllm_version=flag)
    name, text, _ = _only_fix(result)
    assert name == "remove-lora"
    assert "load_inplace" not in text
    assert text == REMOVED


MEMOISED = HEADER + (
    "_CACHE: dict[str, LoRARequest] = {}\n"
    "\n"
    "\n"
    "def lora(name: str, path: str) -> LoRARequest:\n"
    "    if name not in _CACHE:\n"
    "        _CACHE[name] = LoRARequest(name, len(_CACHE) + 1, path)\n"
    "    return _CACHE[name]\n"
    "\n"
    "\n"
    'llm = LLM(model="base", enable_lora=True, max_loras=2)\n'
    'for checkpoint in ["run/ckpt-100", "run/ckpt-200"]:\n'
    '    llm.generate(["q"], SamplingParams(), lora_request=lora("policy", checkpoint))\n'
)


def test_a_driver_no_rewrite_makes_safe_is_left_untouched_with_the_reasons(
    tmp_path: Path,
) -> None:
    root = write_tree(tmp_path / "repo", {"memo.py": MEMOISED})
    result = fix_tree(DirectoryTree(root))
    assert result.fixed == []
    [refused] = result.refused
    assert refused.path == "memo.py"
    assert refused.reason.startswith("no rewrite is proven safe (")
    assert "id-map: the re-scan says Affected: a memoised LoRARequest" in refused.reason
    assert 'remove-lora: the id of the served request `lora("policy", checkpoint)`' in (
        refused.reason
    )
    assert "load-inplace: the repository pins no vLLM release" in refused.reason
    assert [row.path for row in result.remaining] == ["memo.py"]
    assert (root / "memo.py").read_text() == MEMOISED


def test_an_http_load_of_the_server_is_refused_with_what_to_do(fix_files: FixFiles) -> None:
    driver = (
        "import requests\n"
        "\n"
        'BASE_URL = "http://localhost:8000"\n'
        'for path in ["outputs/policy/step_0", "outputs/policy/step_1"]:\n'
        "    requests.post(\n"
        '        f"{BASE_URL}/v1/load_lora_adapter",\n'
        '        json={"lora_name": "policy", "lora_path": path},\n'
        "    )\n"
    )
    result = fix_files({"serve.py": driver})
    assert result.fixed == []
    [refused] = result.refused
    assert "loads an adapter into vLLM's server over HTTP" in refused.reason
    assert '"load_inplace": true (vLLM >= 0.15)' in refused.reason


def test_a_helper_that_builds_the_request_is_fixed_for_its_caller(tmp_path: Path) -> None:
    root = write_tree(
        tmp_path / "repo",
        {
            "utils/__init__.py": "",
            "utils/lora.py": (
                "from vllm.lora.request import LoRARequest\n\n\n"
                "def adapter_request(path: str) -> LoRARequest:\n"
                '    return LoRARequest("adapter", 1, path)\n'
            ),
            "scripts/eval.py": (
                "from vllm import LLM\n"
                "from utils.lora import adapter_request\n\n"
                'llm = LLM(model="base", enable_lora=True)\n'
                'for ckpt in ["ck/1", "ck/2"]:\n'
                '    llm.generate(["q"], lora_request=adapter_request(ckpt))\n'
            ),
        },
    )
    # Asked for the caller only, the codemod rewrites the helper that builds its requests.
    result = fix_tree(DirectoryTree(root), paths={"scripts/eval.py"})
    assert [(fixed.path, fixed.rewrite.name) for fixed in result.fixed] == [
        ("utils/lora.py", "id-map")
    ]
    assert result.refused == []
    apply(root, result)
    assert rescan(root).affected == []


def test_fixing_twice_changes_nothing_the_second_time(tmp_path: Path) -> None:
    root = write_tree(tmp_path / "repo", {"evaluate.py": ID_MAP_DRIVER, "rollouts.py": RL_DRIVER})
    first = fix_tree(DirectoryTree(root))
    assert sorted(fixed.path for fixed in first.fixed) == ["evaluate.py", "rollouts.py"]
    apply(root, first)
    written = {path.name: path.read_bytes() for path in root.iterdir()}
    second = fix_tree(DirectoryTree(root))
    assert (second.fixed, second.refused, second.remaining) == ([], [], [])
    assert {path.name: path.read_bytes() for path in root.iterdir()} == written


def test_encoding_bom_and_line_endings_are_kept(tmp_path: Path) -> None:
    latin = "# -*- coding: latin-1 -*-\n" + ID_MAP_DRIVER.replace(
        "newest last", "neuester zuletzt, ä"
    )
    crlf = RL_DRIVER.replace("\n", "\r\n")
    root = write_tree(
        tmp_path / "repo",
        {
            "latin.py": latin.encode("latin-1"),
            "bom.py": b"\xef\xbb\xbf" + ID_MAP_DRIVER.encode(),
            "crlf.py": crlf.encode(),
        },
    )
    result = fix_tree(DirectoryTree(root))
    after = {fixed.path: fixed.after for fixed in result.fixed}
    assert sorted(after) == ["bom.py", "crlf.py", "latin.py"]
    assert after["latin.py"].decode("latin-1").startswith("# -*- coding: latin-1 -*-\n")
    assert "neuester zuletzt, ä".encode("latin-1") in after["latin.py"]
    assert after["bom.py"].startswith(b"\xef\xbb\xbf")
    assert after["bom.py"].count(b"\xef\xbb\xbf") == 1
    assert after["crlf.py"] == REMOVED.replace("\n", "\r\n").encode()
    apply(root, result)
    assert rescan(root).affected == []


SENTINEL_DRIVER = """\
import pathlib
pathlib.Path(__file__).with_name("ran").write_text("executed")
from vllm import LLM
from vllm.lora.request import LoRARequest
import helper  # would run helper.py too

llm = LLM(model="base", enable_lora=True)
for ckpt in ["a", "b"]:
    llm.generate(["q"], lora_request=LoRARequest("x", 1, ckpt))
"""


def test_the_analysed_code_is_never_imported_or_executed(tmp_path: Path) -> None:
    import sys

    helper = 'import pathlib\npathlib.Path(__file__).with_name("helper-ran").write_text("x")\n'
    root = write_tree(
        tmp_path / "repo", {"sentinel_driver.py": SENTINEL_DRIVER, "helper.py": helper}
    )
    result = fix_tree(DirectoryTree(root), AuditOptions())
    assert [fixed.path for fixed in result.fixed] == ["sentinel_driver.py"]
    apply(root, result)
    assert not (root / "ran").exists()
    assert not (root / "helper-ran").exists()
    assert "sentinel_driver" not in sys.modules
    assert "helper" not in sys.modules


def test_a_parenthesized_request_after_wide_characters_is_fixed(fix_files: FixFiles) -> None:
    """The report reads `ast`, whose columns count UTF-8 bytes and start inside parentheses;
    the codemod reads libcst: the site must still be found."""
    driver = HEADER + (
        'llm = LLM(model="base", enable_lora=True)\n'
        'for ckpt in ["ckpt/a", "ckpt/b"]:\n'
        '    note = "äöü→✓"; request = (LoRARequest("eval", 1, ckpt))\n'
        '    llm.generate(["q"], SamplingParams(), lora_request=request)\n'
    )
    name, text, verdict = _only_fix(fix_files({"eval.py": driver}))
    assert (name, verdict) == ("id-map", Verdict.SAFE_DISTINCT_ID)
    assert (
        '(LoRARequest(f"eval-{_lora_ids.setdefault(ckpt, len(_lora_ids) + 1)}", '
        "_lora_ids.setdefault(ckpt, len(_lora_ids) + 1), ckpt))"
    ) in text


def test_a_literal_name_takes_the_new_id_and_a_made_one_stays(fix_files: FixFiles) -> None:
    """vLLM 0.11.1 to 0.30 keys its prefix cache by `lora_name`: a fresh id under the old name
    would be given KV blocks computed with the earlier adapter. A name the code makes (an
    f-string, a variable) is its own business and stays as written."""
    driver = HEADER + (
        'llm = LLM(model="base", enable_lora=True)\n'
        'for step, ckpt in enumerate(["ckpt/a", "ckpt/b"]):\n'
        '    llm.generate(["q"], lora_request=LoRARequest("it\'s", 1, ckpt))\n'
        '    llm.generate(["r"], lora_request=LoRARequest(NAME, 1, ckpt))\n'
    )
    driver = driver.replace("llm = LLM(", 'NAME = "policy"\nllm = LLM(', 1)
    name, text, _ = _only_fix(fix_files({"sweep.py": driver}))
    assert name == "enumerate-index"
    assert 'LoRARequest(f"it\'s-{step + 1}", step + 1, ckpt)' in text
    assert "LoRARequest(NAME, step + 1, ckpt)" in text
