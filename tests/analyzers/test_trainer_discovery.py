"""A training loop that hands a driver the folder it saves weights into is found and run.

The trainer module has no request site and no `__main__` block: a script elsewhere drives it.
When one of its functions saves weights into a folder and gives that folder to a call that may
reach the driver, the module is analysed and that function run twice, as a loop runs it; a
module that only saves checkpoints, or gives the folder to code that cannot be the driver (a
builtin, the standard library, another module of the repository), is not analysed at all.
"""

from __future__ import annotations

import ast
from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.files.references import imports_elsewhere
from analyzers.judge.writers import writer_functions
from analyzers.model import Verdict

# An id digested from the folder's path: alone, two calls with unknown folders are two folders
# whose ids collide only by chance (Safe-probabilistic).
GENERATOR = """\
import hashlib

from vllm import LLM, SamplingParams
from vllm.lora.request import LoRARequest


class Sampler:
    def __init__(self, model):
        self.llm = LLM(model=model, enable_lora=True, max_loras=1)

    def sample(self, prompts, folder):
        lora_id = int(hashlib.sha256(folder.encode("utf-8")).hexdigest()[:8], 16) or 1
        request = LoRARequest("policy", lora_id, folder)
        return self.llm.generate(prompts, SamplingParams(), lora_request=request)
"""
TRAINER = """\
from rl.sampler import Sampler


class Trainer:
    def __init__(self, policy, model, sync_dir):
        self.policy = policy
        self.sampler = Sampler(model)
        self.sync_dir = sync_dir

    def step(self, prompts):
        self.policy.save_pretrained(self.sync_dir)
        return self.sampler.sample(prompts, self.sync_dir)
"""
# Names the driver and saves, but only hands the folder to a builtin, the standard library and
# another module of the repository: nothing there can run the driver.
CHECKPOINTS = """\
import shutil

from rl.report import summarise
from rl.sampler import Sampler


class Checkpointer:
    kind = Sampler

    def save(self, model, folder):
        model.save_pretrained(folder)
        shutil.make_archive(str(folder), "zip", folder)
        summarise(folder)
"""
FILES = {
    "rl/__init__.py": "",
    "rl/sampler.py": GENERATOR,
    "rl/trainer.py": TRAINER,
    "rl/checkpoints.py": CHECKPOINTS,
    "rl/report.py": "def summarise(folder):\n    return str(folder)\n",
}


def _write(root: Path) -> None:
    for relpath, text in FILES.items():
        (root / relpath).parent.mkdir(parents=True, exist_ok=True)
        (root / relpath).write_text(text)


def test_a_trainer_step_that_rewrites_the_served_folder_makes_the_driver_affected(
    tmp_path: Path,
) -> None:
    _write(tmp_path)
    cache: dict[str, str] = {}
    report = audit_tree(DirectoryTree(tmp_path), AuditOptions(), cache=cache, jobs=1)
    rows = {row.path: row for row in report.drivers}
    # The trainer's step digests one folder, the same text both times (one id), and rewrites
    # that folder between the two samples.
    assert rows["rl/trainer.py"].verdict is Verdict.AFFECTED
    assert "Trainer.step()" in rows["rl/trainer.py"].reason
    assert "sync_dir is rewritten at rl/trainer.py:11" in rows["rl/trainer.py"].reason
    assert rows["rl/sampler.py"].verdict is Verdict.AFFECTED
    assert "served by rl/trainer.py" in rows["rl/sampler.py"].reason
    analysed = {key.split(":", 1)[1] for key in cache if key.startswith("deps:")}
    assert len(analysed) == 2, "the sampler and the trainer; not the checkpointer"


def test_the_sampler_alone_is_a_digest_of_unknown_folders(tmp_path: Path) -> None:
    (tmp_path / "rl").mkdir()
    (tmp_path / "rl/sampler.py").write_text(GENERATOR)
    [row] = audit_tree(DirectoryTree(tmp_path), AuditOptions(), jobs=1).drivers
    assert row.verdict is Verdict.SAFE_PROBABILISTIC


def test_only_functions_that_hand_a_saved_folder_to_a_possible_driver_are_writers() -> None:
    trainer = ast.parse(TRAINER)
    assert writer_functions(trainer) == [("Trainer", "step")]
    checkpoints = ast.parse(CHECKPOINTS)
    files = set(FILES)
    elsewhere = imports_elsewhere(
        checkpoints,
        "rl/checkpoints.py",
        ["rl/sampler.py"],
        files=files,
        roots=[],
        packages={"rl/__init__.py"},
    )
    assert elsewhere == {"shutil", "summarise"}  # not `Sampler`, which is the driver's
    assert writer_functions(checkpoints, elsewhere) == []
    assert writer_functions(checkpoints) == [("Checkpointer", "save")]  # nothing known elsewhere
    # A module with a request of its own, or a script, is entered otherwise.
    assert writer_functions(ast.parse(GENERATOR)) == []
    script = TRAINER + "\nif __name__ == '__main__':\n    Trainer(None, 'm', 'd').step([])\n"
    assert writer_functions(ast.parse(script)) == []
