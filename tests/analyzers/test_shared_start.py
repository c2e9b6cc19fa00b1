"""Worlds that take up a copy of the state an earlier world left (`snapshot.py`, `resume.py`).

Sharing the start must never change a verdict: over every corpus the tests hold, each driver's
row is the same whether every world runs from the beginning or from a copy taken as early as
possible. And it must buy what it is for: imported modules that take most of the step budget at
their top level no longer leave the search unfinished.
"""

from __future__ import annotations

import functools
from pathlib import Path

import pytest

from analyzers.files.directory import DirectoryTree
from analyzers.files.discover import DriverLoader, ModuleStore, discover_sites
from analyzers.files.parsing import ParseFailure
from analyzers.files.program import Module, module_name_for
from analyzers.interpret.resume import follows
from analyzers.interpret.trace import StopKind
from analyzers.judge.driver import DriverResult, analyse_driver
from analyzers.model import Verdict
from analyzers.report.rows import build_row
from analyzers.vllm.releases import LOAD_INPLACE_SINCE, NEWEST_KNOWN, OLDEST_KNOWN
from tests.analyzers.test_row_invariant import _corpora

VERSIONS = [OLDEST_KNOWN, LOAD_INPLACE_SINCE, NEWEST_KNOWN]


def _analyse(root: Path, path: str, share_from: int | None) -> DriverResult | str:
    tree = DirectoryTree(root)
    store = ModuleStore(tree, list(tree.files()))
    parsed = store.parse(path)
    if isinstance(parsed, ParseFailure):
        return parsed.why
    name, package = module_name_for(path)
    return analyse_driver(
        DriverLoader(store, path),
        Module(parsed, name, package),
        VERSIONS,
        NEWEST_KNOWN,
        share_from=share_from,
    )


def _row(root: Path, path: str, share_from: int | None) -> object:
    result = _analyse(root, path, share_from)
    if isinstance(result, str):
        return result
    row = build_row(path, result, [])
    return row.model_dump() if row is not None else None


@functools.cache
def _sited(root: Path) -> list[str]:
    tree = DirectoryTree(root)
    files = sorted(path for path in tree.files() if path.endswith(".py"))
    return sorted(discover_sites(ModuleStore(tree, files), files, tree.candidates))


# The driver corpus (the first, hundreds of drivers) is compared in parts: each part is a test
# of its own that pytest-xdist can give to any worker (tests/support/scheduling.py), and none
# comes near the per-test timeout on a slow machine.
_PARTS = 8


def _parts() -> list[object]:
    drivers, *others = _corpora()
    found: list[object] = [
        pytest.param(drivers, part, _PARTS, id=f"{drivers.name}-{part + 1}of{_PARTS}")
        for part in range(_PARTS)
    ]
    return found + [pytest.param(corpus, 0, 1, id=corpus.name) for corpus in others]


@pytest.mark.parametrize(("corpus", "part", "parts"), _parts())
def test_a_shared_start_changes_no_row(corpus: Path, part: int, parts: int) -> None:
    paths = _sited(corpus)
    assert paths, f"{corpus} has no request site to compare"
    for path in paths[part::parts]:
        # 0: a copy at the earliest point, even of a start one step long.
        assert _row(corpus, path, 0) == _row(corpus, path, None), path


_TEMPLATE_LINE = 'register(Template(name="t{n}", slots=["{{{{content}}}}", "{n}"], stop=None))\n'


def _heavy_repository(root: Path) -> None:
    """A package whose import registers 1,500 templates (like a chat-template table), and a
    driver with six flags before a loop that gives every checkpoint an id of its own."""
    (root / "pkg").mkdir()
    (root / "pkg" / "__init__.py").write_text("")
    lines = [
        "TEMPLATES = {}\n",
        "class Template:\n",
        "    def __init__(self, name, slots, stop):\n",
        "        self.name = name\n",
        "        self.slots = slots\n",
        "        self.stop = stop\n",
        "def register(template):\n",
        "    TEMPLATES[template.name] = template\n",
    ]
    lines += [_TEMPLATE_LINE.format(n=n) for n in range(1500)]
    (root / "pkg" / "templates.py").write_text("".join(lines))
    (root / "evaluate.py").write_text(
        "import os\n"
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "from pkg.templates import TEMPLATES\n"
        "\n"
        "llm = LLM(model='base', enable_lora=True)\n"
        "steps = [100, 200, 300]\n"
        "for flag in ('A', 'B', 'C', 'D', 'E', 'F'):\n"
        "    if os.environ.get(flag):\n"
        "        print(flag, len(TEMPLATES))\n"
        "for index, step in enumerate(steps):\n"
        "    request = LoRARequest(f'ckpt{step}', index + 1, f'out/checkpoint-{step}')\n"
        "    llm.generate(['hi'], lora_request=request)\n"
    )


def _budget_ended(result: DriverResult) -> bool:
    return any(stop.kind is StopKind.BUDGET for stop in result.stops)


def _assert_copies_finish_the_search(root: Path) -> None:
    """With copies the search makes all the runs it may and the driver is safe; run from the
    beginning, each world pays for the import again, and the step budget ends the search early,
    as the cap on runs would. Distinct ids stay distinct whatever the flags skip, so the verdict
    is the same, but only the copies make the runs without running out of steps."""
    shared = _analyse(root, "evaluate.py", 1_000)
    assert isinstance(shared, DriverResult)
    assert shared.outcome is not None
    assert shared.outcome.verdict is Verdict.SAFE_DISTINCT_ID, shared.outcome.reason
    assert not _budget_ended(shared)
    fresh = _analyse(root, "evaluate.py", None)
    assert isinstance(fresh, DriverResult)
    assert fresh.outcome is not None
    assert fresh.outcome.verdict is Verdict.SAFE_DISTINCT_ID, fresh.outcome.reason
    assert _budget_ended(fresh), "the step budget should have ended the search early"


def test_a_heavy_import_no_longer_spends_the_budget(tmp_path: Path) -> None:
    _heavy_repository(tmp_path)
    _assert_copies_finish_the_search(tmp_path)


def test_an_import_time_raise_after_a_guess_does_not_end_the_run(tmp_path: Path) -> None:
    """`if re.search(...)` on a text only known at run time, at import time, is answered by its
    default, so the `raise` it leads to is not a fact; the run goes on and reaches the loop that
    reuses one id."""
    (tmp_path / "formats.py").write_text(
        "import os\n"
        "import re\n"
        "class Empty:\n"
        "    def __init__(self, slots):\n"
        "        found = False\n"
        "        for slot in slots:\n"
        "            if re.search(r'\\{\\{\\w+\\}\\}', slot):\n"
        "                found = True\n"
        "        if found:\n"
        "            raise ValueError('an empty format has no placeholder')\n"
        "        self.slots = slots\n"
        "EMPTY = Empty([os.environ['EMPTY_FORMAT']])\n"
    )
    (tmp_path / "run.py").write_text(
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "import formats\n"
        "llm = LLM(model='base', enable_lora=True)\n"
        "for step in (1, 2, 3):\n"
        "    llm.generate(['x'], lora_request=LoRARequest('a', 1, f'ckpt-{step}'))\n"
    )
    row = _row(tmp_path, "run.py", 1_000)
    assert isinstance(row, dict)
    assert row["verdict"] == Verdict.AFFECTED.value


def test_a_world_takes_up_the_run_of_an_earlier_world_that_answered_alike(tmp_path: Path) -> None:
    """The heavy import comes after a first flag: worlds that answer that flag alike share the
    state after the import, whichever way the later flags go."""
    _heavy_repository(tmp_path)
    text = (tmp_path / "evaluate.py").read_text()
    text = text.replace(
        "from pkg.templates import TEMPLATES\n",
        "if os.environ.get('FIRST'):\n    print('first')\nfrom pkg.templates import TEMPLATES\n",
    )
    (tmp_path / "evaluate.py").write_text(text)
    _assert_copies_finish_the_search(tmp_path)


@pytest.mark.parametrize(
    ("answers", "forced", "expected"),
    [
        ((), [], True),
        (((True, True),), [], True),  # past the forced answers, the default
        (((False, True),), [], False),
        (((False, True),), [False], True),
        (((False, True), (True, True)), [False], True),
        (((False, True), (False, True)), [False], False),
        (((True, True),), [True, False, True], True),  # a shorter run: its answers agree
    ],
)
def test_which_saved_runs_a_world_follows(
    answers: tuple[tuple[bool, bool], ...], forced: list[bool], expected: bool
) -> None:
    assert follows(answers, forced) is expected


def test_a_function_entry_shares_the_import_of_its_module(tmp_path: Path) -> None:
    """A library function nothing in the file calls: the module's own imports are resolved when
    it is imported (as Python does), so the heavy one is in the copy every world of the
    function's runs takes up, not run again inside each call."""
    _heavy_repository(tmp_path)
    (tmp_path / "evaluate.py").write_text(
        "import os\n"
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "from pkg.templates import TEMPLATES\n"
        "\n"
        "def evaluate(steps):\n"
        "    llm = LLM(model='base', enable_lora=True)\n"
        "    for flag in ('A', 'B', 'C', 'D', 'E', 'F'):\n"
        "        if os.environ.get(flag):\n"
        "            print(flag, len(TEMPLATES))\n"
        "    for index, step in enumerate(steps):\n"
        "        request = LoRARequest(f'ckpt{step}', index + 1, f'out/checkpoint-{step}')\n"
        "        llm.generate(['hi'], lora_request=request)\n"
    )
    _assert_copies_finish_the_search(tmp_path)


def _inside_main_block(text: str, before: str = "") -> str:
    """The driver's statements moved into `if __name__ == "__main__":`, after `before`."""
    body = "".join(f"    {line}\n" if line else "\n" for line in text.splitlines())
    return f"{before}if __name__ == '__main__':\n{body}"


def _registry_apart(root: Path) -> None:
    """The heavy repository with its registry in a module of its own that the driver imports
    first: the templates' import then reads a module imported before it, so no world can take
    a copy of that import alone (`import_reuse.py`), as in a framework's package."""
    _heavy_repository(root)
    templates = root / "pkg" / "templates.py"
    lines = templates.read_text().splitlines(keepends=True)
    (root / "pkg" / "base.py").write_text("".join(lines[:8]))
    templates.write_text("from pkg.base import Template, register\n" + "".join(lines[8:]))
    driver = root / "evaluate.py"
    driver.write_text(
        driver.read_text().replace(
            "from pkg.templates import TEMPLATES\n",
            "from pkg.base import TEMPLATES\nimport pkg.templates\n",
        )
    )


def test_a_script_that_imports_inside_its_main_block_shares_the_import(tmp_path: Path) -> None:
    """Every statement, the heavy import too, is inside `if __name__ == "__main__":` (as in a
    framework's example scripts): worlds take up the state after the import inside that block
    instead of running the script from its first line."""
    _registry_apart(tmp_path)
    text = (tmp_path / "evaluate.py").read_text()
    (tmp_path / "evaluate.py").write_text(_inside_main_block(text))
    _assert_copies_finish_the_search(tmp_path)


def test_a_main_block_after_an_answer_is_taken_up_where_it_was_left(tmp_path: Path) -> None:
    """A flag is answered before the block: a world takes up the copy inside the block only
    with the same answer, and its answers there are counted from the copy on."""
    _registry_apart(tmp_path)
    text = (tmp_path / "evaluate.py").read_text()
    before = "import os\nif os.environ.get('FIRST'):\n    print('first')\n"
    (tmp_path / "evaluate.py").write_text(_inside_main_block(text, before))
    _assert_copies_finish_the_search(tmp_path)


@pytest.mark.parametrize(
    "loop",
    [
        # a drop that only some worlds make, just before the serve: which drops shield which
        # serve is read off the blocks under way and the answers given inside them
        "for step in (1, 2, 3):\n"
        "    if os.environ.get('CLEAN'):\n"
        "        llm.remove_lora(1)\n"
        "    llm.generate(['x'], lora_request=LoRARequest('a', 1, f'ckpt-{step}'))\n",
        # an answer inside the block before another import: no copy is taken after it
        "if os.environ.get('EARLY'):\n"
        "    print('early')\n"
        "import pkg.templates\n"
        "for step in (1, 2, 3):\n"
        "    llm.remove_lora(1)\n"
        "    llm.generate(['x'], lora_request=LoRARequest('a', 1, f'ckpt-{step}'))\n",
    ],
    ids=["drop-under-a-flag", "answer-before-the-import"],
)
def test_a_copy_inside_the_main_block_changes_no_row(tmp_path: Path, loop: str) -> None:
    """An import light enough that runs from the beginning finish the search too, so the rows
    must be equal, copies or not."""
    _registry_apart(tmp_path)
    templates = tmp_path / "pkg" / "templates.py"
    templates.write_text("".join(templates.read_text().splitlines(keepends=True)[:60]))
    text = (
        "import os\n"
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "from pkg.base import TEMPLATES\n"
        "llm = LLM(model='base', enable_lora=True)\n"
        "for flag in ('A', 'B', 'C'):\n"
        "    if os.environ.get(flag):\n"
        "        print(flag, len(TEMPLATES))\n"
    ) + loop
    (tmp_path / "evaluate.py").write_text(_inside_main_block(text))
    shared = _row(tmp_path, "evaluate.py", 0)
    assert isinstance(shared, dict)
    assert shared == _row(tmp_path, "evaluate.py", None)
    assert shared == _row(tmp_path, "evaluate.py", 1_000)
