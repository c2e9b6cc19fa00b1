"""Which branches a repository has, and which one is its default branch.

Branches are local heads plus, in a normal clone, remote-tracking refs (`origin/feature`); a bare
mirror keeps every branch under refs/heads. The default branch is the one `origin/HEAD` names in a
clone, else the branch HEAD points at (a bare mirror's HEAD follows the remote's), else `main` or
`master`, else a detached HEAD's own commit.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from analyzers.git.repository import GitRepository

_FIELDS = "%(refname)%00%(objectname)%00%(*objectname)%00%(objecttype)%00%(symref)"


@dataclass(frozen=True)
class Branch:
    """A branch tip: `name` as people say it (`main`, `origin/feature`), the full ref, the sha."""

    name: str
    ref: str
    sha: str


@dataclass(frozen=True)
class DefaultBranch:
    """The default branch and how it was found (`origin/HEAD`, `HEAD`, `fallback`, `detached`)."""

    name: str
    sha: str
    how: str


def short_name(ref: str) -> str:
    for prefix in ("refs/heads/", "refs/remotes/"):
        if ref.startswith(prefix):
            return ref[len(prefix) :]
    return ref


def list_branches(repo: GitRepository) -> list[Branch]:
    """Every branch tip that is a commit, local heads first, each group sorted by name."""
    listed = repo.run("for-each-ref", f"--format={_FIELDS}", "refs/heads", "refs/remotes")
    branches = []
    for line in listed.stdout.split(b"\n"):
        if not line:
            continue
        ref, oid, peeled, kind, symref = (
            part.decode("utf-8", errors="backslashreplace") for part in line.split(b"\0")
        )
        if symref or (kind != "commit" and not peeled):
            continue  # `origin/HEAD` is an alias, not a branch; a ref to a blob is no branch
        branches.append(Branch(short_name(ref), ref, peeled or oid))
    return sorted(branches, key=lambda b: (not b.ref.startswith("refs/heads/"), b.name))


def recent_first(repo: GitRepository, branches: list[Branch]) -> list[Branch]:
    """`branches` ordered by their tip's commit date, newest first (ties by the given order):
    where time runs short, the branches people work on now come first."""
    listed = repo.run(
        "for-each-ref", "--sort=-committerdate", "--format=%(refname)", "refs/heads", "refs/remotes"
    )
    rank = {ref: index for index, ref in enumerate(listed.text.splitlines())}
    return sorted(branches, key=lambda branch: rank.get(branch.ref, len(rank)))


def _symbolic(repo: GitRepository, name: str) -> str | None:
    found = repo.run("symbolic-ref", "-q", name, ok=(0, 1, 128))
    if found.returncode != 0:
        return None
    return found.text.strip() or None


def _commit_of(repo: GitRepository, ref: str) -> str | None:
    found = repo.run("rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}", ok=(0, 1))
    if found.returncode != 0:
        return None
    return found.text.strip() or None


def pick_default_branch(repo: GitRepository) -> DefaultBranch | None:
    """The default branch, or None in a repository without commits."""
    if not repo.bare:
        target = _symbolic(repo, "refs/remotes/origin/HEAD")
        sha = _commit_of(repo, target) if target else None
        if target and sha:
            return DefaultBranch(short_name(target), sha, "origin/HEAD")
    target = _symbolic(repo, "HEAD")
    sha = _commit_of(repo, target) if target else None
    if target and sha:
        return DefaultBranch(short_name(target), sha, "HEAD")
    for name in ("refs/heads/main", "refs/heads/master"):
        sha = _commit_of(repo, name)
        if sha:
            return DefaultBranch(short_name(name), sha, "fallback")
    head = repo.head()
    return DefaultBranch("HEAD", head, "detached") if head else None
