"""One bare mirror per repository, fetched incrementally; audits read its objects, never a checkout.

Several worker processes share a cache directory, so each mirror has a lock file; only fetches
take it (readers need no lock: fetch adds objects and moves refs, and nothing removes objects
while readers may still want them). The installation token is passed to git per command in the
environment, never stored in the mirror, never in a URL on a command line or in a log line.
"""

from __future__ import annotations

import base64
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

from workers.git import GitAborted, GitError, run_git
from workers.locks import file_lock

_NAME = re.compile(r"^[A-Za-z0-9_.-]{1,100}$")
_SENTINEL = "\x00token\x00"
DEFAULT_REFSPECS = ("+refs/heads/*:refs/heads/*", "+refs/tags/*:refs/tags/*")
# Always keep fetched objects as packs, so the size watch only has to look at objects/pack.
FETCH_OPTIONS = ("-c", "fetch.unpackLimit=1", "-c", "transfer.unpackLimit=1")
_REPACK_AT_PACKS = 40
# What git says when `http.followRedirects=false` refuses a redirect.
_REDIRECT = re.compile(r"returned error: (30[1-8])")


class FetchError(Exception):
    """The mirror could not be brought up to date; the message says why in plain words.

    `permanent` errors will fail the same way again (a size limit, a bad name); the others
    (network, a slow host) are worth retrying later.
    """

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


class MissingCommit(FetchError):
    """A commit the job names is not in the repository (force-pushed away, or never pushed)."""

    def __init__(self, message: str) -> None:
        super().__init__(message, permanent=True)


@dataclass(frozen=True)
class RemoteAccess:
    """Where to fetch from, and the secret git config that authenticates (never on disk)."""

    url: str
    secret_config: dict[str, str]


def remote_access(template: str, owner: str, repo: str, token: str | None) -> RemoteAccess:
    """Build the fetch URL from the template with credentials moved into an extra header.

    `https://x-access-token:{token}@github.com/{owner}/{repo}.git` becomes the URL without the
    user part plus `http.https://github.com/.extraHeader: Authorization: Basic ...`, scoped to
    that host. The scope alone does not stop a redirect: git keeps sending the header to the
    base URL a redirect names, which is why every fetch runs with `http.followRedirects=false`
    (workers/git.py).
    """
    formatted = template.format(owner=owner, repo=repo, token=_SENTINEL)
    parts = urlsplit(formatted)
    userinfo, _, hostport = parts.netloc.rpartition("@")
    url = urlunsplit(parts._replace(netloc=hostport))
    if _SENTINEL in url:
        raise FetchError(
            "the git URL template may use {token} only as the password of the URL", permanent=True
        )
    if parts.scheme not in {"http", "https"} or not token:
        return RemoteAccess(url=url, secret_config={})
    user, _, password = userinfo.partition(":")
    if not userinfo:
        user, password = "x-access-token", token
    credentials = f"{user}:{password}".replace(_SENTINEL, token)
    header = "Authorization: Basic " + base64.b64encode(credentials.encode()).decode()
    scope = f"{parts.scheme}://{hostport}/"
    return RemoteAccess(url=url, secret_config={f"http.{scope}.extraHeader": header})


@dataclass(frozen=True)
class Mirror:
    """A bare mirror on disk; read it with git object commands only."""

    owner: str
    repo: str
    path: Path

    def has_commit(self, sha: str) -> bool:
        result = run_git(["cat-file", "-e", f"{sha}^{{commit}}"], cwd=self.path, check=False)
        return result.returncode == 0

    def resolve(self, ref: str) -> str | None:
        """The commit sha a ref or sha names, or None when it does not exist."""
        result = run_git(
            ["rev-parse", "--verify", "--quiet", "--end-of-options", f"{ref}^{{commit}}"],
            cwd=self.path,
            check=False,
        )
        if result.returncode != 0:
            return None
        return result.stdout.strip() or None

    def branches(self) -> dict[str, str]:
        """Branch name -> tip sha."""
        out = run_git(
            ["for-each-ref", "--format=%(refname:strip=2) %(objectname)", "refs/heads"],
            cwd=self.path,
        ).stdout
        return dict(line.split(" ", 1) for line in out.splitlines() if line)

    def is_ancestor(self, ancestor: str, descendant: str) -> bool:
        result = run_git(
            ["merge-base", "--is-ancestor", ancestor, descendant], cwd=self.path, check=False
        )
        return result.returncode == 0


class RepoCache:
    """Bare mirrors under `root/<owner>/<repo>.git`, each with `root/<owner>/<repo>.lock`."""

    def __init__(
        self,
        root: Path,
        url_template: str,
        *,
        fetch_timeout: float = 600.0,
        fetch_max_bytes: int = 2 * 1024**3,
        lock_timeout: float = 900.0,
    ) -> None:
        self.root = root
        self.url_template = url_template
        self.fetch_timeout = fetch_timeout
        self.fetch_max_bytes = fetch_max_bytes
        self.lock_timeout = lock_timeout

    def mirror(self, owner: str, repo: str) -> Mirror:
        for name in (owner, repo):
            if not _NAME.match(name) or name in {".", ".."}:
                raise FetchError(
                    f"{name!r} is not a GitHub owner or repository name", permanent=True
                )
        # GitHub names are case-insensitive: one mirror however an event spells them.
        return Mirror(owner, repo, self.root / owner.lower() / f"{repo.lower()}.git")

    def sync(
        self,
        owner: str,
        repo: str,
        token: str | None,
        *,
        want: Sequence[str] = (),
        fallback_refspecs: Sequence[str] = (),
        refresh: bool = True,
        default_branch: str | None = None,
    ) -> Mirror:
        """Fetch the repository into its mirror and check that every `want` commit is there.

        Branches and tags are fetched; when a wanted commit is on none of them (a pull request
        from a fork), `fallback_refspecs` (e.g. `refs/pull/7/head`) and then the commit itself
        are asked for. With `refresh=False` a mirror that already holds every wanted commit is
        used as it is (a warm cache costs no network round trip). `default_branch` points the
        mirror's HEAD at that branch, which is how the audit knows the default branch.
        """
        mirror = self.mirror(owner, repo)
        if not refresh and want and mirror.path.is_dir() and all(map(mirror.has_commit, want)):
            return mirror
        access = remote_access(self.url_template, owner, repo, token)
        with file_lock(mirror.path.with_suffix(".lock"), timeout=self.lock_timeout):
            self._ensure_bare(mirror)
            self._fetch(mirror, access, DEFAULT_REFSPECS)
            for refspec in fallback_refspecs:
                if all(map(mirror.has_commit, want)):
                    break
                self._fetch(mirror, access, [refspec], prune=False, check=False)
            missing = [sha for sha in want if not mirror.has_commit(sha)]
            if missing:
                # A commit no ref points at any more (e.g. a PR head after a force push):
                # ask for it by id, which GitHub serves for commits still reachable there.
                self._fetch(mirror, access, missing, prune=False, check=False)
            if default_branch is not None:
                _point_head(mirror.path, default_branch)
            self._maybe_repack(mirror)
        missing = [sha for sha in want if not mirror.has_commit(sha)]
        if missing:
            raise MissingCommit(
                f"commit {', '.join(sha[:12] for sha in missing)} is not in {owner}/{repo} "
                "(was it force-pushed away?)"
            )
        return mirror

    def _ensure_bare(self, mirror: Mirror) -> None:
        if (mirror.path / "HEAD").is_file():
            return
        mirror.path.mkdir(parents=True, exist_ok=True)
        # An empty template: no sample hooks, no description, nothing we did not ask for.
        run_git(["init", "-q", "--bare", "--template=", str(mirror.path)], cwd=mirror.path)
        run_git(["config", "core.logAllRefUpdates", "false"], cwd=mirror.path)

    def _fetch(
        self,
        mirror: Mirror,
        access: RemoteAccess,
        refspecs: Sequence[str],
        *,
        prune: bool = True,
        check: bool = True,
    ) -> None:
        pack_dir = mirror.path / "objects" / "pack"
        packs_before = _entries(pack_dir)
        refs_before = _refs(mirror.path)
        baseline = _size(pack_dir)
        limit = self.fetch_max_bytes

        too_big = f"the download exceeded the {limit:,}-byte limit"

        def over_limit() -> str | None:
            return too_big if _size(pack_dir) - baseline > limit else None

        args = [*FETCH_OPTIONS, "fetch", "--quiet", "--no-auto-gc", "--no-recurse-submodules"]
        args += ["--prune"] if prune else []
        try:
            run_git(
                [*args, "--end-of-options", access.url, *refspecs],
                cwd=mirror.path,
                timeout=self.fetch_timeout,
                secret_config=access.secret_config,
                watch=over_limit,
            )
            # A small fetch can finish between two looks of the watch: check once more.
            reason = over_limit()
        except GitAborted as exc:
            reason = str(exc)
        except GitError as exc:
            if check:
                redirected = _REDIRECT.search(exc.stderr)
                if redirected is not None:
                    raise FetchError(
                        f"fetching {mirror.owner}/{mirror.repo} failed: the git host answered "
                        f"with a redirect (HTTP {redirected.group(1)}), which lora-audit never "
                        "follows with the installation token",
                        permanent=True,
                    ) from None
                raise FetchError(
                    f"fetching {mirror.owner}/{mirror.repo} failed: {exc.stderr.strip()[:500]}"
                ) from None
            return
        if reason is not None:
            _roll_back(mirror.path, packs_before, refs_before)
            raise FetchError(
                f"fetching {mirror.owner}/{mirror.repo} stopped: {reason}",
                permanent=reason == too_big,
            )

    def _maybe_repack(self, mirror: Mirror) -> None:
        packs = list((mirror.path / "objects" / "pack").glob("*.pack"))
        if len(packs) >= _REPACK_AT_PACKS:
            run_git(["repack", "-a", "-d", "-q"], cwd=mirror.path, timeout=self.fetch_timeout)


def point_head(mirror: Mirror, branch: str) -> None:
    """Make `branch` the mirror's default branch (its HEAD)."""
    _point_head(mirror.path, branch)


def _point_head(repo: Path, branch: str) -> None:
    ref = f"refs/heads/{branch}"
    run_git(["check-ref-format", ref], cwd=repo)
    run_git(["symbolic-ref", "HEAD", ref], cwd=repo)


def _size(directory: Path) -> int:
    total = 0
    try:
        for entry in directory.iterdir():
            try:
                total += entry.stat().st_size
            except FileNotFoundError:  # renamed or removed while we looked
                continue
    except FileNotFoundError:
        return 0
    return total


def _entries(directory: Path) -> set[Path]:
    return set(directory.iterdir()) if directory.is_dir() else set()


def _refs(repo: Path) -> dict[str, str]:
    out = run_git(["for-each-ref", "--format=%(refname) %(objectname)"], cwd=repo).stdout
    return dict(line.split(" ", 1) for line in out.splitlines() if line)


def _roll_back(repo: Path, packs_before: set[Path], refs_before: dict[str, str]) -> None:
    """Undo a fetch we stopped: refs back to where they were, then the new packs removed.

    We hold the mirror's lock and readers only use commits they saw before it was taken,
    so nothing can be reading the objects that arrived with this fetch.
    """
    commands = [f"update {ref} {sha}" for ref, sha in refs_before.items()]
    commands += [f"delete {ref}" for ref in _refs(repo).keys() - refs_before.keys()]
    if commands:
        run_git(["update-ref", "--stdin"], cwd=repo, stdin="\n".join(commands) + "\n")
    for leftover in _entries(repo / "objects" / "pack") - packs_before:
        leftover.unlink(missing_ok=True)
