"""Library mode's choice of entry functions reads code, not prose.

A trainer's `_load_lora_adapters()` (PEFT weights from its own checkpoint), a comment that
mentions `load_lora_adapter`, or a docstring that says `lora_request` builds and serves nothing:
running such functions as entries cost real repositories seconds each for no row. The words
that do build requests (a string holding the route, a subclass name ending in `LoRARequest`)
still choose the function.
"""

from __future__ import annotations

from pathlib import Path

from analyzers.files.directory import DirectoryTree
from analyzers.files.discover import ModuleStore
from analyzers.files.parsing import ParseFailure
from analyzers.files.program import Module, module_name_for
from analyzers.judge.entries import entry_functions

SOURCE = '''
class Strategy:
    def load_checkpoint(self, model, ckpt_dir):
        """Load weights; for LoRA the lora_request of the engine is not involved."""
        self._load_lora_adapters(model, ckpt_dir)

    def _load_lora_adapters(self, model, ckpt_dir):
        # unlike load_lora_adapter on a vLLM server, this reads a local file
        model.load_state_dict(ckpt_dir)


def push(session, base, name, path):
    return session.post(f"{base}/v1/load_lora_adapter", json={"lora_name": name, "lora_path": path})


def make(path):
    return TensorLoRARequest("a", 1, path)


def later(engine, request):
    engine.generate(["hi"], lora_request=request)
'''


def _module(tmp_path: Path) -> Module:
    (tmp_path / "strategy.py").write_text(SOURCE)
    tree = DirectoryTree(tmp_path)
    parsed = ModuleStore(tree, list(tree.files())).parse("strategy.py")
    assert not isinstance(parsed, ParseFailure)
    name, package = module_name_for("strategy.py")
    return Module(parsed, name, package)


def test_comments_docstrings_and_longer_names_choose_no_entry(tmp_path: Path) -> None:
    entries = entry_functions(_module(tmp_path))
    assert ("Strategy", "load_checkpoint") not in entries
    assert ("Strategy", "_load_lora_adapters") not in entries


def test_route_strings_request_classes_and_the_keyword_still_do(tmp_path: Path) -> None:
    assert entry_functions(_module(tmp_path)) == [("push",), ("make",), ("later",)]
