"""Let `git grep` search thousands of blobs at once, without touching the repository.

`git grep` searches trees, not lists of blobs, so the blobs are first put in one synthetic tree
(entry names are the blob ids). That tree is written to a throw-away object directory which
borrows the repository's objects as an alternate: nothing is ever written to the repository.
git's fixed-string search then runs in C and only the names of matching blobs come back, instead
of every blob's bytes crossing a pipe to be searched here.
"""

from __future__ import annotations

import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from analyzers.files.runner import GitError
from analyzers.git.catfile import check_oid

if TYPE_CHECKING:
    from analyzers.git.repository import GitRepository


def _objects_dir(repo: GitRepository) -> Path:
    found = repo.run("rev-parse", "--git-path", "objects").text.strip()
    path = Path(found)
    return path if path.is_absolute() else (repo.git_dir / path).resolve()


def grep_blobs(repo: GitRepository, oids: Sequence[str], needles: Sequence[bytes]) -> set[str]:
    """The blobs of `oids` containing any of `needles`; raises `GitError` if git cannot tell
    (a blob missing from a partial clone, for instance): the caller then reads them itself."""
    if not oids or not needles:
        return set()
    listing = "".join(f"100644 blob {check_oid(oid)}\t{oid}\n" for oid in oids).encode()
    with tempfile.TemporaryDirectory(prefix="lora-audit-objects-") as scratch:
        env = {
            "GIT_OBJECT_DIRECTORY": scratch,
            "GIT_ALTERNATE_OBJECT_DIRECTORIES": str(_objects_dir(repo)),
        }
        tree = repo.run("mktree", "--missing", input=listing, env=env).text.strip()
        args = ["grep", "-l", "-z", "-F", "--no-color", "--no-textconv"]
        for needle in needles:
            args += ["-e", needle.decode("utf-8", errors="surrogateescape")]
        found = repo.run(*args, tree, "--", ok=(0, 1), env=env)
    if found.stderr.strip():
        # git grep goes on past a blob it cannot read (exit 0); that blob's answer is unknown.
        raise GitError(["git", *args, tree], found.returncode, found.stdout, found.stderr)
    prefix = f"{tree}:"
    return {
        name.decode("ascii", errors="replace").removeprefix(prefix)
        for name in found.stdout.split(b"\0")
        if name
    }
