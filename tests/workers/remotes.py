"""Bare repositories laid out as `<root>/<owner>/<repo>.git`, as the git URL template sees them."""

from __future__ import annotations

from pathlib import Path

from tests.support.gitrepo import GitRepo, git


class Remotes:
    """A local stand-in for github.com's git side: work repos push into served bare repos."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.served = root / "served"
        self.work = root / "work"
        self._created: dict[str, GitRepo] = {}

    @property
    def url_template(self) -> str:
        return f"file://{self.served}/{{owner}}/{{repo}}.git"

    def bare(self, full_name: str) -> Path:
        owner, name = full_name.split("/")
        return self.served / owner / f"{name}.git"

    def create(self, full_name: str) -> GitRepo:
        """A new work repository whose `origin` is the served bare repository."""
        bare = self.bare(full_name)
        bare.mkdir(parents=True)
        git(bare, "init", "-q", "--bare", "-b", "main")
        repo = GitRepo(self.work / full_name)
        repo.git("remote", "add", "origin", str(bare))
        self._created[full_name] = repo
        return repo

    def work_repo(self, full_name: str) -> GitRepo | None:
        """The work repository `create` made for `full_name`, if it did."""
        return self._created.get(full_name)

    def push(self, repo: GitRepo, *refspecs: str) -> None:
        repo.git("push", "-q", "--force", "origin", *(refspecs or ("--all",)))
