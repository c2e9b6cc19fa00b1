"""A data file the repository holds beside a driver (a manifest) is read as it is committed, as
one plausible value of what the run reads; the cached analysis depends on every byte of it."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.model import Verdict

REPO = Path(__file__).parent / "drivers" / "review_repos" / "manifest_file_beside_the_driver"
DRIVER = "serve_from_manifest.py"


def _verdict(root: Path, cache: dict[str, str]) -> tuple[Verdict, str]:
    report = audit_tree(DirectoryTree(root), AuditOptions(), cache=cache)
    [row] = [row for row in report.drivers if row.path == DRIVER]
    return row.verdict, row.reason


def _manifest(root: Path, ids: list[int]) -> None:
    entries = [
        {"name": f"a{i}", "id": lora_id, "path": f"/adapters/a{i}"} for i, lora_id in enumerate(ids)
    ]
    (root / "adapters.json").write_text(json.dumps(entries))


def test_the_committed_manifest_decides_and_a_new_one_is_read_again(tmp_path: Path) -> None:
    root = Path(shutil.copytree(REPO, tmp_path / "repo"))
    cache: dict[str, str] = {}
    verdict, reason = _verdict(root, cache)
    assert verdict is Verdict.AFFECTED
    assert "only with adapters.json as the repository holds it" in reason
    # Distinct ids in the manifest: its world is safe, the run-time one still undecided. The
    # cached Affected must not survive the edit.
    _manifest(root, [1, 2, 3])
    verdict, reason = _verdict(root, cache)
    assert verdict is Verdict.INDETERMINATE
    assert (verdict, reason) == _verdict(root, {})  # as a scan without a cache has it
    _manifest(root, [1, 2, 1])
    assert _verdict(root, cache)[0] is Verdict.AFFECTED


def test_a_manifest_too_large_or_absent_stays_run_time_input(tmp_path: Path) -> None:
    root = Path(shutil.copytree(REPO, tmp_path / "repo"))
    (root / "adapters.json").unlink()
    assert _verdict(root, {})[0] is Verdict.INDETERMINATE
    entries = [{"name": "a", "id": 1, "path": "/a"}, {"name": "b", "id": 1, "path": "/b"}]
    padding = [{"name": "x" * 100, "id": 0, "path": ""}] * 700  # over the size kept
    (root / "adapters.json").write_text(json.dumps(entries + padding))
    assert _verdict(root, {})[0] is Verdict.INDETERMINATE


def test_a_manifest_named_by_with_suffix_is_read_too(tmp_path: Path) -> None:
    root = Path(shutil.copytree(REPO, tmp_path / "repo"))
    driver = root / DRIVER
    text = driver.read_text()
    old = 'Path(__file__).with_name("adapters.json")'
    assert old in text
    driver.write_text(text.replace(old, 'Path(__file__).with_suffix(".json")'))
    (root / "adapters.json").rename(root / "serve_from_manifest.json")
    verdict, reason = _verdict(root, {})
    assert verdict is Verdict.AFFECTED
    assert "only with serve_from_manifest.json as the repository holds it" in reason
