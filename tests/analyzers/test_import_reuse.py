"""An import run the same way by several worlds is copied, not run again (`import_reuse.py`).

A saved state only helps between top-level statements; an import inside `main()` ran again in
every world. Now a world that reaches it with the same history as an earlier one takes a copy
of what it made, so a heavy import no longer spends the budget of the search. An import that
reads what the run made before it (a module imported earlier) is the run's own and always
runs: a copy of it would not share that module's objects with the run.
"""

from __future__ import annotations

from pathlib import Path

from analyzers.files.directory import DirectoryTree
from analyzers.files.discover import DriverLoader, ModuleStore
from analyzers.files.parsing import ParseFailure
from analyzers.files.program import Module, module_name_for
from analyzers.interpret.trace import StopKind
from analyzers.judge.driver import DriverResult, analyse_driver
from analyzers.model import Verdict
from analyzers.vllm.releases import NEWEST_KNOWN


def _table(root: Path, count: int, header: str = "") -> None:
    """A package whose import makes `count` calls of a helper (a table built entry by entry)."""
    (root / "pkg").mkdir(exist_ok=True)
    (root / "pkg" / "__init__.py").write_text("")
    lines = [header, "TEMPLATES = 0\n", "def register(total, n):\n", "    return total + n\n"]
    lines += [f"TEMPLATES = register(TEMPLATES, {n})\n" for n in range(count)]
    (root / "pkg" / "templates.py").write_text("".join(lines))


def _analyse(root: Path, path: str, share_from: int | None) -> DriverResult:
    tree = DirectoryTree(root)
    store = ModuleStore(tree, list(tree.files()))
    parsed = store.parse(path)
    assert not isinstance(parsed, ParseFailure)
    name, package = module_name_for(path)
    return analyse_driver(
        DriverLoader(store, path),
        Module(parsed, name, package),
        [NEWEST_KNOWN],
        NEWEST_KNOWN,
        share_from=share_from,
    )


def _budget_ended(result: DriverResult) -> bool:
    return any(stop.kind is StopKind.BUDGET for stop in result.stops)


def _sweep(root: Path, flags: int) -> None:
    """`main()` imports the table first, then tests `flags` flags, then gives each checkpoint an
    id of its own: every world runs the same import before its first answer."""
    names = ", ".join(repr(chr(ord("A") + n)) for n in range(flags))
    (root / "evaluate.py").write_text(
        "import os\n"
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "\n"
        "def main():\n"
        "    from pkg.templates import TEMPLATES\n"
        "    llm = LLM(model='base', enable_lora=True)\n"
        f"    for flag in ({names},):\n"
        "        if os.environ.get(flag):\n"
        "            print(flag, len(TEMPLATES))\n"
        "    for index, step in enumerate([100, 200, 300]):\n"
        "        request = LoRARequest(f'ckpt{step}', index + 1, f'out/checkpoint-{step}')\n"
        "        llm.generate(['hi'], lora_request=request)\n"
        "\n"
        "if __name__ == '__main__':\n"
        "    main()\n"
    )


def test_an_import_inside_main_is_run_once_for_the_worlds_that_reach_it_alike(
    tmp_path: Path,
) -> None:
    """Sixty-four worlds of six flags each run `main()`, which builds the table first: run
    again in every world, its 1,500 calls spend the budget and the search ends early; copied
    from the first world, they leave the search every run. The ids are distinct in every
    world, so the verdict is the same."""
    _table(tmp_path, 1500)
    _sweep(tmp_path, 6)
    shared = _analyse(tmp_path, "evaluate.py", 1_000)
    assert shared.outcome is not None
    assert shared.outcome.verdict is Verdict.SAFE_DISTINCT_ID, shared.outcome.reason
    assert not _budget_ended(shared)
    fresh = _analyse(tmp_path, "evaluate.py", None)
    assert fresh.outcome is not None
    assert fresh.outcome.verdict is Verdict.SAFE_DISTINCT_ID, fresh.outcome.reason
    assert _budget_ended(fresh), "run again in every world, the import should end the search"


def test_an_import_that_adds_to_an_earlier_module_is_never_copied(tmp_path: Path) -> None:
    """The table registers into a list of a module the script imported before `main()`; the
    script serves every folder of that list under one id unless it is a dry run (the side the
    first world takes, which goes on without serving). A copy of the first world's import
    would hold a list of its own, and the world that serves would see only the first folder
    (one adapter, safe): the import is the run's own, and that world sees both."""
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "__init__.py").write_text("")
    (tmp_path / "pkg" / "config.py").write_text("FOLDERS = ['out/base']\n")
    _table(tmp_path, 10, header="from pkg.config import FOLDERS\n")
    text = (tmp_path / "pkg" / "templates.py").read_text()
    (tmp_path / "pkg" / "templates.py").write_text(text + "FOLDERS.append('out/tuned')\n")
    (tmp_path / "evaluate.py").write_text(
        "import os\n"
        "from vllm import LLM\n"
        "from vllm.lora.request import LoRARequest\n"
        "from pkg import config\n"
        "\n"
        "def main():\n"
        "    import pkg.templates\n"
        "    llm = LLM(model='base', enable_lora=True, max_loras=2)\n"
        "    if os.environ.get('DRY_RUN'):\n"
        "        print('dry run')\n"
        "    else:\n"
        "        for folder in config.FOLDERS:\n"
        "            llm.generate(['hi'], lora_request=LoRARequest('policy', 1, folder))\n"
        "\n"
        "if __name__ == '__main__':\n"
        "    main()\n"
    )
    shared = _analyse(tmp_path, "evaluate.py", 0)
    assert shared.outcome is not None
    assert shared.outcome.verdict is Verdict.AFFECTED, shared.outcome.reason
    assert "out/tuned" in shared.outcome.reason
