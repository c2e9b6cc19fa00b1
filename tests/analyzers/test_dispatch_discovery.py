"""Dispatcher discovery follows real references to a driver, not its file stem as a substring.

A driver named `worker.py` used to pull every process-starting file that mentions "worker" into a
full analysis. Only what the interpreter can follow may make a dispatcher: an import that resolves
to the driver, or a string naming it (a script path, a `-m` module). Those must all still be found.
"""

from __future__ import annotations

from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import DriverRow, Verdict

WORKER = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


def run(ckpt: str) -> None:
    llm = LLM(model="base", enable_lora=True)
    llm.generate(["q"], SamplingParams(), lora_request=LoRARequest("ckpt", 1, ckpt))
"""
FILES = {
    "train/worker.py": WORKER,
    # Another package's `worker` module: its importer starts processes but never the driver.
    "serve/worker.py": "def ping():\n    return 1\n",
    "serve/launch.py": (
        "import multiprocessing\nfrom .worker import ping\n"
        "for i in range(3):\n    multiprocessing.Process(target=ping).start()\n"
    ),
    # A function target imported from the driver: the driver runs in each child process.
    "train/launch.py": (
        "import multiprocessing\nfrom train.worker import run\n"
        "for c in ['a', 'b']:\n    multiprocessing.Process(target=run, args=(c,)).start()\n"
    ),
    # The driver named as a script in a string.
    "tools/shell.py": (
        "import subprocess\n\nfor c in ['a', 'b']:\n"
        "    subprocess.run(['python', 'train/worker.py', c])\n"
    ),
    # The driver reached as an attribute of an imported package that imports it: discovery
    # keeps it for analysis (counted below), whatever the interpreter then follows.
    "train/__init__.py": "from . import worker\n",
    "tools/by_attribute.py": (
        "import multiprocessing\nimport train\n\nfor c in ['a', 'b']:\n"
        "    multiprocessing.Process(target=train.worker.run, args=(c,)).start()\n"
    ),
    # Unparsable for `ast` (Python 2): the byte-level answer is kept, so it is analysed.
    "tools/old.py": "import subprocess\nprint 'train/worker.py'\n",
}


def _audit(tmp_path: Path) -> tuple[dict[str, Verdict], dict[str, str]]:
    for relpath, text in FILES.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text)
    cache: dict[str, str] = {}
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), cache=cache, jobs=1)
    return {row.path: row.verdict for row in report.drivers}, cache


def test_dispatchers_by_import_and_by_script_name_are_found(tmp_path: Path) -> None:
    verdicts, _ = _audit(tmp_path)
    assert verdicts["train/launch.py"] is Verdict.SAFE_FRESH_PROCESS
    assert verdicts["tools/shell.py"] is Verdict.SAFE_FRESH_PROCESS
    assert verdicts["tools/old.py"] is Verdict.INDETERMINATE  # analysed: a syntax error row
    assert "serve/launch.py" not in verdicts


def test_an_import_of_another_module_with_the_same_stem_is_not_analysed(tmp_path: Path) -> None:
    _, cache = _audit(tmp_path)
    analysed = {
        key.split(":", 1)[1] for key in cache if key.startswith("deps:")
    }  # one entry per analysed driver blob
    assert len(analysed) == 5, "worker, three dispatchers, the unparsable file; not serve/launch"


ENGINE = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class PolicyEngine:
    def __init__(self, base, sync_dir):
        self.llm = LLM(model=base, enable_lora=True, max_loras=1)
        self.req = LoRARequest("policy", 1, sync_dir)

    def refresh(self):
        self.llm.llm_engine.add_lora(self.req)

    def rollout(self, prompts):
        return self.llm.generate(prompts, SamplingParams(n=8), lora_request=self.req)
"""
# A script with no `__main__` guard whose loop does its work at the top level, importing the
# class through the package that re-exports it.
TOP_LEVEL_SCRIPT = """\
from peft import AutoPeftModelForCausalLM

from mypkg import PolicyEngine

model = AutoPeftModelForCausalLM.from_pretrained("init")
SYNC = "/tmp/policy_sync"
engine = PolicyEngine("base", SYNC)
for step in range(4):
    model.save_pretrained(SYNC)
    engine.refresh()
    engine.rollout(["Solve:"])
"""


def _rows(tmp_path: Path, files: dict[str, str]) -> dict[str, DriverRow]:
    """The report's rows, by path, for a repository of these files."""
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text)
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), cache={}, jobs=1)
    return {row.path: row for row in report.drivers}


def test_a_top_level_script_importing_a_package_is_the_helpers_caller(tmp_path: Path) -> None:
    """The script is found as the caller of `mypkg/engine.py` (a loop at its top level, an
    import of the package whose `__init__.py` re-exports the class), so the helper's row is
    the script's verdict, not library mode's guess of one folder served once."""
    files = {
        "mypkg/__init__.py": "from .engine import PolicyEngine\n",
        "mypkg/engine.py": ENGINE,
        "scripts/train.py": TOP_LEVEL_SCRIPT,
    }
    rows = _rows(tmp_path, files)
    assert rows["scripts/train.py"].verdict is Verdict.AFFECTED, rows["scripts/train.py"].reason
    assert "is rewritten" in rows["scripts/train.py"].reason
    assert rows["mypkg/engine.py"].verdict is Verdict.AFFECTED
    assert "served by scripts/train.py" in rows["mypkg/engine.py"].reason


def test_a_script_importing_only_a_reexported_name_is_found(tmp_path: Path) -> None:
    """`from mypkg import PolicyEngine` never spells the driver's file stem (`sampler`): the name
    the package re-exports from it is searched for instead, so the script is still its caller
    (it used to be passed over, and library mode called one folder served once safe)."""
    files = {
        "mypkg/__init__.py": "from .sampler import PolicyEngine as PolicyEngine\n",
        "mypkg/sampler.py": ENGINE,
        "scripts/train.py": TOP_LEVEL_SCRIPT,
    }
    assert b"sampler" not in files["scripts/train.py"].lower().encode()
    rows = _rows(tmp_path, files)
    assert rows["scripts/train.py"].verdict is Verdict.AFFECTED, sorted(rows)
    assert rows["mypkg/sampler.py"].verdict is Verdict.AFFECTED
    assert "served by scripts/train.py" in rows["mypkg/sampler.py"].reason


BASE_ROLLOUT = """\
import itertools

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class BaseRollout:
    def __init__(self):
        self.llm = LLM(model="base", enable_lora=True)
        self._ids = itertools.count(1)

    def next_lora_id(self):
        return next(self._ids)

    def rollout(self, adapter_dir):
        request = LoRARequest("policy", self.next_lora_id(), adapter_dir)
        return self.llm.generate(["q"], SamplingParams(), lora_request=request)
"""


def test_a_script_using_a_sibling_subclass_is_the_drivers_caller(tmp_path: Path) -> None:
    """`rollout/pinned.py` overrides how `rollout/base.py` makes ids and has no request site of
    its own; the script that uses the subclass is found as the base module's caller, so the
    constant id of the override decides, not the counter library mode would see."""
    files = {
        "rollout/__init__.py": "",
        "rollout/base.py": BASE_ROLLOUT,
        "rollout/pinned.py": (
            "from .base import BaseRollout\n\n\nclass PinnedRollout(BaseRollout):\n"
            "    def next_lora_id(self):\n        return 1\n"
        ),
        "scripts/train.py": (
            "from rollout.pinned import PinnedRollout\n\nrollout = PinnedRollout()\n"
            "for step in range(3):\n    rollout.rollout(f'ckpt/step{step}')\n"
        ),
    }
    rows = _rows(tmp_path, files)
    assert rows["rollout/base.py"].verdict is Verdict.AFFECTED, rows["rollout/base.py"].reason
    assert "served by scripts/train.py" in rows["rollout/base.py"].reason
    assert "pinned.py" not in rows  # no request site: it gets no row of its own


def test_a_package_below_the_top_reexporting_two_levels_down_is_followed(tmp_path: Path) -> None:
    """`from minieval import PolicyEngine` in a project kept in a subfolder of the repository:
    `minieval/__init__.py` imports `minieval.models.engine` absolutely, which resolves from the
    folder holding the top package, not from the repository's top. The script is still found
    as the caller (its only prefilter word, `max_loras`, is an engine setting: it waits for
    dispatcher discovery like any script)."""
    script = TOP_LEVEL_SCRIPT.replace("from mypkg import", "from minieval import").replace(
        '"init")', '"init")\nLIMITS = dict(max_loras=1)'
    )
    files = {
        "project/minieval/__init__.py": "from minieval.models.engine import PolicyEngine\n",
        "project/minieval/models/__init__.py": "from .engine import PolicyEngine\n",
        "project/minieval/models/engine.py": ENGINE,
        "project/train.py": script,
    }
    rows = _rows(tmp_path, files)
    assert rows["project/train.py"].verdict is Verdict.AFFECTED, sorted(rows)
    assert "served by project/train.py" in rows["project/minieval/models/engine.py"].reason


def test_engine_settings_and_docstrings_alone_start_no_analysis(tmp_path: Path) -> None:
    """A config module whose only prefilter word is an engine setting, and a launcher whose
    docstring says "worker", name no driver: neither is analysed. A string that is a
    statement of its own is thrown away when it runs, so it cannot name a script."""
    files = {
        "train/worker.py": WORKER,
        "configs/engine.py": "ENGINE = dict(enable_lora=True, max_loras=2)\n",
        "serve/launch.py": (
            '"""Starts one inference worker per GPU."""\nimport subprocess\n\n'
            "for gpu in range(2):\n    subprocess.run(['python', '-m', 'serve.gpu', str(gpu)])\n"
        ),
    }
    for relpath, text in files.items():
        (tmp_path / relpath).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relpath).write_text(text)
    cache: dict[str, str] = {}
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), cache=cache, jobs=1)
    assert [row.path for row in report.drivers] == ["train/worker.py"]
    analysed = {key.split(":", 1)[1] for key in cache if key.startswith("deps:")}
    assert len(analysed) == 1, "only the driver"
    # Named in a string that runs (a script path), the launcher is the driver's dispatcher.
    (tmp_path / "serve/launch.py").write_text(
        files["serve/launch.py"].replace("'-m', 'serve.gpu'", "'train/worker.py'")
    )
    rows = {row.path: row for row in audit_tree(DirectoryTree(tmp_path), jobs=1).drivers}
    assert rows["serve/launch.py"].verdict is Verdict.SAFE_FRESH_PROCESS


POOL_WORKER = """\
from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest

_ENGINE = None


def _engine():
    global _ENGINE
    if _ENGINE is None:
        _ENGINE = LLM(model="base", enable_lora=True)
    return _ENGINE


def eval_one(path):
    outs = _engine().generate(["q"], SamplingParams(), lora_request=LoRARequest("c", 1, path))
    return path, len(outs)
"""
POOL = """\
import multiprocessing as mp

from .worker import eval_one


def evaluate_all(paths, workers=2):
    ctx = mp.get_context("spawn")
    with ctx.Pool(workers{per_task}) as pool:
        return dict(pool.map(eval_one, paths, chunksize=1))
"""


def test_a_dispatcher_module_without_a_main_block_runs_its_process_starters(
    tmp_path: Path,
) -> None:
    """`evaluate_all(paths)` hands each path to a pool task that keeps one engine per worker
    process. Nothing in the module calls it, so it is run as unseen callers use it: with a
    fresh worker per task every adapter meets an empty cache, and the worker's row (library
    mode alone: two calls in one process, Affected) takes that verdict; with reused workers
    the second task is served the first adapter. The script that calls it is then found too."""
    script = (
        "from evalpool import evaluate_all\n\n"
        "if __name__ == '__main__':\n    evaluate_all(['a', 'b'])\n"
    )
    for per_task, expected in (
        (", maxtasksperchild=1", Verdict.SAFE_FRESH_PROCESS),
        ("", Verdict.AFFECTED),
    ):
        root = tmp_path / expected.name
        files = {
            "evalpool/__init__.py": "from .pool import evaluate_all\n",
            "evalpool/worker.py": POOL_WORKER,
            "evalpool/pool.py": POOL.format(per_task=per_task),
            "run.py": script,
        }
        root.mkdir()
        rows = _rows(root, files)
        assert rows["evalpool/pool.py"].verdict is expected, rows["evalpool/pool.py"].reason
        assert "evaluate_all()" in rows["evalpool/pool.py"].reason
        assert rows["evalpool/worker.py"].verdict is expected
        assert "served by evalpool/pool.py" in rows["evalpool/worker.py"].reason
        assert rows["run.py"].verdict is expected
