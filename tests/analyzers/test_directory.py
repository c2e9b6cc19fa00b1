"""DirectoryTree: what it lists, what it refuses, and when it names a commit."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest

from analyzers.files.directory import DirectoryTree
from analyzers.files.source import SourceError, SourceTree
from analyzers.vllm.api import PREFILTER_NEEDLES
from tests.support.gitrepo import GitRepo


def _write(root: Path, relpath: str, text: str = "x = 1\n") -> None:
    target = root / relpath
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text)


def test_plain_folder_lists_files_and_skips_tool_folders(tmp_path: Path) -> None:
    for relpath in (
        "a.py",
        "pkg/b.py",
        ".venv/lib/c.py",
        "node_modules/d.py",
        "x/__pycache__/e.py",
    ):
        _write(tmp_path, relpath)
    tree = DirectoryTree(tmp_path, label="repo")
    assert isinstance(tree, SourceTree)
    assert tree.files() == ["a.py", "pkg/b.py"]
    assert tree.label == "repo"
    assert tree.commit is None


def test_links_are_skipped_with_a_reason_and_loops_cannot_hurt(tmp_path: Path) -> None:
    _write(tmp_path, "real.py", "from vllm.lora.request import LoRARequest\n")
    os.symlink(tmp_path / "real.py", tmp_path / "alias.py")
    os.symlink(tmp_path / "loop", tmp_path / "loop")  # a link to itself
    (tmp_path / "sub").mkdir()
    os.symlink(tmp_path, tmp_path / "sub" / "up")  # a directory cycle
    tree = DirectoryTree(tmp_path)
    assert tree.files() == ["real.py"]
    skipped = {entry.path: entry.why for entry in tree.skipped}
    assert set(skipped) == {"alias.py", "loop", "sub/up"}
    assert all("symbolic link" in why for why in skipped.values())
    assert tree.candidates(PREFILTER_NEEDLES) == ["real.py"]
    with pytest.raises(SourceError):
        tree.read("alias.py")


def test_read_refuses_paths_outside_the_listing(tmp_path: Path) -> None:
    _write(tmp_path, "a.py")
    tree = DirectoryTree(tmp_path / ".")
    with pytest.raises(SourceError):
        tree.read("../a.py")
    with pytest.raises(SourceError):
        tree.read("missing.py")


def test_blob_id_is_the_git_blob_sha(tmp_path: Path) -> None:
    _write(tmp_path, "a.py", "print('hi')\n")
    expected = subprocess.run(
        ["git", "hash-object", str(tmp_path / "a.py")], capture_output=True, text=True, check=True
    ).stdout.strip()
    assert DirectoryTree(tmp_path).blob_id("a.py") == expected


def test_git_work_tree_honours_gitignore_and_untracked_files(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit(
        "init",
        {
            ".gitignore": "ignored/\n",
            "tracked.py": "enable_lora = True\n",
            "ignored/secret.py": "LoRARequest\n",
        },
    )
    _write(repo.path, "new.py", "lora_int_id = 1\n")
    tree = DirectoryTree(repo.path)
    assert tree.files() == [".gitignore", "new.py", "tracked.py"]
    assert tree.candidates(PREFILTER_NEEDLES) == ["new.py", "tracked.py"]


def test_commit_only_when_the_work_tree_is_clean(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    head = repo.commit("init", {"a.py": "x = 1\n"})
    assert DirectoryTree(repo.path).commit == head
    _write(repo.path, "a.py", "x = 2\n")
    assert DirectoryTree(repo.path).commit is None, "a modified file must not cite HEAD"
    repo.commit("second")
    _write(repo.path, "b.py", "y = 1\n")
    assert DirectoryTree(repo.path).commit is None, "an untracked file must not cite HEAD"


def test_subfolder_of_a_repository_lists_relative_paths(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    head = repo.commit("init", {"sub/a.py": "LoRARequest\n", "b.py": "LoRARequest\n"})
    tree = DirectoryTree(repo.path / "sub")
    assert tree.files() == ["a.py"]
    assert tree.candidates(PREFILTER_NEEDLES) == ["a.py"]
    assert tree.commit == head


def test_an_ignored_folder_inside_a_repository_is_read_as_a_plain_folder(tmp_path: Path) -> None:
    repo = GitRepo(tmp_path / "repo")
    repo.commit("init", {".gitignore": "vendor/\n", "a.py": "x = 1\n"})
    _write(repo.path, "vendor/lib/driver.py", "from vllm.lora.request import LoRARequest\n")
    tree = DirectoryTree(repo.path / "vendor")
    assert tree.files() == ["lib/driver.py"]
    assert tree.candidates(PREFILTER_NEEDLES) == ["lib/driver.py"]
    assert tree.commit is None


def test_an_unvetted_git_config_in_the_folder_runs_nothing(tmp_path: Path) -> None:
    """An unpacked archive can carry its own .git/config; scanning it must not run its fsmonitor
    (plain `git status` would: tests/analyzers/git/test_runner.py shows the trap is real)."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("one", {"a.py": "from vllm.lora.request import LoRARequest\n"})
    marker = tmp_path / "fsmonitor.ran"
    script = tmp_path / "fsmonitor.sh"
    script.write_text(f"#!/bin/sh\ntouch {marker}\nexit 0\n")
    script.chmod(0o755)
    repo.git("config", "core.fsmonitor", str(script))
    repo.write("a.py", "from vllm.lora.request import LoRARequest\nx = 2\n")  # dirty: status asks
    tree = DirectoryTree(repo.path)
    assert tree.candidates(PREFILTER_NEEDLES) == ["a.py"]
    assert tree.commit is None  # dirty, so no commit is cited
    assert not marker.exists()


def test_an_unvetted_filter_driver_in_the_folder_runs_nothing(tmp_path: Path) -> None:
    """`git status` hashes a changed file through the clean filter its .gitattributes names and
    .git/config defines: a scan must switch every such filter off rather than run it."""
    repo = GitRepo(tmp_path / "repo")
    repo.commit("one", {"a.py": "from vllm.lora.request import LoRARequest\n"})
    marker = tmp_path / "filter.ran"
    repo.write(".gitattributes", "*.py filter=evil\n")
    repo.git("config", "filter.evil.clean", f"touch {marker}; cat")
    # Same size, other mtime: git must hash the file (through the filter) to know it changed.
    repo.write("a.py", "from vllm.lora.request import LoRARequest\n".replace("vllm", "VLLM"))
    os.utime(repo.path / "a.py", (1_000_000_000, 1_000_000_000))
    tree = DirectoryTree(repo.path)
    assert tree.candidates(PREFILTER_NEEDLES) == ["a.py"]
    assert tree.commit is None
    assert not marker.exists()
    subprocess.run(["git", "status", "--porcelain"], cwd=repo.path, capture_output=True, check=True)
    assert marker.exists()  # the trap is real: plain git runs it
