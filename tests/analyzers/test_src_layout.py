"""A module under a `src/` source root is one module, however it is imported.

`src/evalkit/ids.py` is `evalkit.ids` to every import: `from evalkit.ids import reset` and,
inside the package, `from .ids import next_id`. The driver below resets the counter before each
request, so every checkpoint is served under id 1. Named by its path, the driver was
`src.evalkit.serve`; its relative import ran `src.evalkit.ids`, a second module with a counter of
its own that `reset()` never touched: ids 1, 2, 3, and a false Safe.
"""

from __future__ import annotations

from pathlib import Path

from analyzers.audit import audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

IDS = """\
_counter = [0]


def next_id():
    _counter[0] += 1
    return _counter[0]


def reset():
    _counter[0] = 0
"""

SERVE = """\
from vllm import LLM
from vllm.lora.request import LoRARequest

from evalkit.ids import reset
from .ids import next_id


def main():
    llm = LLM(model="base", enable_lora=True)
    for step in range(3):
        path = f"ckpt/step{step}"
        reset()
        llm.generate(["hi"], lora_request=LoRARequest(path, next_id(), path))


if __name__ == "__main__":
    main()
"""


def _repo(root: Path) -> Path:
    package = root / "src" / "evalkit"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "ids.py").write_text(IDS)
    (package / "serve.py").write_text(SERVE)
    (root / "pyproject.toml").write_text('[project]\nname = "evalkit"\nversion = "0.1"\n')
    return root


def test_a_relative_import_reaches_the_module_the_absolute_one_runs(tmp_path: Path) -> None:
    report = audit_tree(DirectoryTree(_repo(tmp_path)), jobs=1)
    (row,) = report.drivers
    assert row.path == "src/evalkit/serve.py"
    assert row.verdict is Verdict.AFFECTED, row.reason
