"""A mirror that lacks some blobs (partial, damaged) still gets its whole history audited.

git's rename detection reads both sides of a similar-content rename, so a missing blob used to
end `--history` with exit 2; the walk now falls back to exact renames (object ids only) and then
to none. A candidate blob that cannot be read becomes a `skipped` entry naming the file and the
commit, never a silent hole and never the end of the report.
"""

from __future__ import annotations

import json
import subprocess
import sys

from tests.analyzers.git.scenarios import AFFECTED
from tests.support.gitrepo import GitRepo

CLI = [sys.executable, "-m", "lora_audit", "scan"]


def _drop_blob(repo: GitRepo, spec: str) -> str:
    """Delete the loose object behind `spec` (`REV:path`): the mirror no longer has it."""
    oid = repo.git("rev-parse", spec).strip()
    (repo.path / ".git" / "objects" / oid[:2] / oid[2:]).unlink()
    return oid


def test_history_survives_a_rename_whose_blob_is_missing(repo: GitRepo) -> None:
    filler = "".join(f"VALUE_{n} = {n}\n" for n in range(40))
    first = repo.commit("one", {"eval.py": AFFECTED, "data_a.py": filler})
    repo.git("mv", "data_a.py", "data_b.py")
    repo.commit(
        "rename with an edit",
        {"data_b.py": filler + "MORE = 1\n", "eval.py": AFFECTED + "# more\n"},
    )
    missing = _drop_blob(repo, "HEAD:data_b.py")
    old_driver = _drop_blob(repo, f"{first}:eval.py")

    result = subprocess.run(
        [*CLI, str(repo.path), "--history", "--format", "json", "--exit-zero"],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [(row["path"], row["verdict"]) for row in report["drivers"]] == [("eval.py", "Affected")]
    skipped = {(entry["where"], entry["detail"]) for entry in report["skipped"]}
    assert (
        "data_b.py",
        f"not read: blob {missing} is not in this clone (shallow or partial)",
    ) in skipped
    assert (
        f"eval.py@{first[:7]}",
        f"not read: blob {old_driver} is not in this clone (shallow or partial)",
    ) in skipped
