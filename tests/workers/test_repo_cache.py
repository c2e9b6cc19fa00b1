"""Bare mirrors: incremental fetch, no hooks, a lock per repo, bounded fetches, no token on disk."""

from __future__ import annotations

import base64
import logging
import os
import socket
import subprocess
import threading
import time
from collections.abc import Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from tests.support.gitrepo import git
from tests.workers.remotes import Remotes
from workers.git import GitError
from workers.locks import LockTimeout, file_lock
from workers.repo_cache import FetchError, MissingCommit, RepoCache, remote_access

TOKEN = "ghs_S3cretInstallationToken0123456789"


@pytest.fixture
def cache(tmp_path: Path, remotes: Remotes) -> RepoCache:
    return RepoCache(tmp_path / "cache", remotes.url_template, fetch_timeout=30)


def test_first_sync_makes_a_bare_mirror_with_every_branch(
    remotes: Remotes, cache: RepoCache
) -> None:
    repo = remotes.create("octo/demo")
    first = repo.commit("first", {"a.py": "x = 1\n"})
    repo.branch("feature")
    remotes.push(repo)

    mirror = cache.sync("octo", "demo", None, want=[first])

    assert mirror.path == cache.root / "octo" / "demo.git"
    assert git(mirror.path, "rev-parse", "--is-bare-repository") == "true"
    assert mirror.branches() == {"main": first, "feature": first}
    assert not (mirror.path / "hooks").exists()
    assert git(mirror.path, "show", f"{first}:a.py") == "x = 1"


def test_the_callers_git_environment_cannot_redirect_a_sync(
    remotes: Remotes, cache: RepoCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker started with GIT_DIR (or GIT_CONFIG_*) in its environment still syncs the mirror."""
    repo = remotes.create("octo/env")
    first = repo.commit("first", {"a.py": "x = 1\n"})
    remotes.push(repo)
    elsewhere = tmp_path / "elsewhere.git"
    git(tmp_path, "init", "-q", "--bare", str(elsewhere))
    monkeypatch.setenv("GIT_DIR", str(elsewhere))
    monkeypatch.setenv("GIT_CONFIG_COUNT", "1")
    monkeypatch.setenv("GIT_CONFIG_KEY_0", "core.hooksPath")
    monkeypatch.setenv("GIT_CONFIG_VALUE_0", str(tmp_path / "hooks"))

    mirror = cache.sync("octo", "env", None, want=[first])

    monkeypatch.delenv("GIT_DIR")
    assert mirror.branches() == {"main": first}
    assert git(elsewhere, "for-each-ref") == ""


def test_later_syncs_fetch_only_new_commits_and_prune_deleted_branches(
    remotes: Remotes, cache: RepoCache
) -> None:
    repo = remotes.create("octo/demo")
    repo.commit("first", {"a.py": "x = 1\n"})
    repo.branch("gone")
    remotes.push(repo)
    mirror = cache.sync("octo", "demo", None)
    packs_before = set((mirror.path / "objects" / "pack").glob("*.pack"))

    second = repo.commit("second", {"b.py": "y = 2\n"})
    remotes.push(repo)
    git(remotes.bare("octo/demo"), "branch", "-D", "gone")
    cache.sync("octo", "demo", None, want=[second])

    assert mirror.branches() == {"main": second}
    new_packs = set((mirror.path / "objects" / "pack").glob("*.pack")) - packs_before
    assert len(new_packs) == 1
    objects = git(mirror.path, "verify-pack", "-v", str(new_packs.pop()))
    assert "b.py" not in objects  # sanity: verify-pack lists ids, not names
    # Only the new commit, its tree and its blob travelled.
    assert len([line for line in objects.splitlines() if line[:40].isalnum()]) == 3


def test_a_warm_mirror_with_every_wanted_commit_is_used_without_fetching(
    remotes: Remotes, cache: RepoCache
) -> None:
    repo = remotes.create("octo/demo")
    first = repo.commit("first", {"a.py": "x = 1\n"})
    remotes.push(repo)
    cache.sync("octo", "demo", None, want=[first])
    second = repo.commit("second")
    remotes.push(repo)

    mirror = cache.sync("octo", "demo", None, want=[first], refresh=False)
    assert mirror.branches() == {"main": first}  # no fetch happened
    cache.sync("octo", "demo", None, want=[second], refresh=False)
    assert mirror.branches() == {"main": second}  # a missing commit forces one


def test_a_commit_that_is_not_there_is_a_clear_error(remotes: Remotes, cache: RepoCache) -> None:
    repo = remotes.create("octo/demo")
    repo.commit("first")
    remotes.push(repo)
    with pytest.raises(MissingCommit, match="commit 0123456789ab is not in octo/demo"):
        cache.sync("octo", "demo", None, want=["0123456789abcdef0123456789abcdef01234567"])


def test_no_hook_ever_runs_not_even_reference_transaction(
    remotes: Remotes, cache: RepoCache, tmp_path: Path
) -> None:
    repo = remotes.create("octo/demo")
    repo.commit("first")
    remotes.push(repo)
    mirror = cache.sync("octo", "demo", None)
    marker = tmp_path / "hook-ran"
    hooks = mirror.path / "hooks"
    hooks.mkdir()
    for name in ("reference-transaction", "post-checkout", "post-merge"):
        hook = hooks / name
        hook.write_text(f"#!/bin/sh\necho {name} >> {marker}\n")
        hook.chmod(0o755)

    second = repo.commit("second")
    remotes.push(repo)
    cache.sync("octo", "demo", None, want=[second])
    assert not marker.exists()

    # The same fetch without the hardening does run the hook, so the check above can fail.
    third = repo.commit("third")
    remotes.push(repo)
    url = remotes.url_template.format(owner="octo", repo="demo")
    git(mirror.path, "fetch", "-q", url, "+refs/heads/*:refs/heads/*")
    assert mirror.branches() == {"main": third}
    assert "reference-transaction" in marker.read_text()


def test_names_that_could_escape_the_cache_are_refused(cache: RepoCache) -> None:
    for owner, repo in [("..", "x"), ("octo", "../../etc"), ("a b", "c"), ("octo", "")]:
        with pytest.raises(FetchError, match="is not a GitHub owner or repository name"):
            cache.sync(owner, repo, None)


def test_a_busy_mirror_lock_times_out_with_a_clear_error(remotes: Remotes, tmp_path: Path) -> None:
    repo = remotes.create("octo/demo")
    repo.commit("first")
    remotes.push(repo)
    cache = RepoCache(tmp_path / "cache", remotes.url_template, lock_timeout=0.3)
    with file_lock(cache.root / "octo" / "demo.lock", timeout=1):
        started = time.monotonic()
        with pytest.raises(LockTimeout, match=r"stayed locked by another worker for 0\.3s"):
            cache.sync("octo", "demo", None)
        assert time.monotonic() - started < 5
    cache.sync("octo", "demo", None)  # free again


def test_the_lock_is_held_across_processes(tmp_path: Path) -> None:
    lock = tmp_path / "octo" / "demo.lock"
    holder = subprocess.Popen(
        [
            "python3",
            "-c",
            "import fcntl, os, sys, time\n"
            f"fd = os.open({str(lock)!r}, os.O_RDWR | os.O_CREAT)\n"
            "fcntl.flock(fd, fcntl.LOCK_EX)\nprint('held', flush=True)\ntime.sleep(30)\n",
        ],
        stdout=subprocess.PIPE,
    )
    lock.parent.mkdir(parents=True, exist_ok=True)
    try:
        assert holder.stdout is not None
        assert holder.stdout.readline() == b"held\n"
        with pytest.raises(LockTimeout), file_lock(lock, timeout=0.2):
            pass
    finally:
        holder.kill()
        holder.communicate()
    with file_lock(lock, timeout=2):  # the kernel released it when the holder died
        pass


def test_a_fetch_over_the_size_limit_stops_with_a_clear_error(
    remotes: Remotes, tmp_path: Path
) -> None:
    repo = remotes.create("octo/big")
    repo.write("blob.bin", "")
    (repo.path / "blob.bin").write_bytes(os.urandom(3 * 1024 * 1024))
    repo.commit("big")
    remotes.push(repo)
    cache = RepoCache(tmp_path / "cache", remotes.url_template, fetch_max_bytes=256 * 1024)

    with pytest.raises(FetchError, match="exceeded the 262,144-byte limit"):
        cache.sync("octo", "big", None)
    mirror = cache.mirror("octo", "big")
    assert list((mirror.path / "objects" / "pack").iterdir()) == []  # nothing kept
    assert mirror.branches() == {}

    roomy = RepoCache(cache.root, remotes.url_template, fetch_max_bytes=16 * 1024 * 1024)
    assert roomy.sync("octo", "big", None).branches() == {"main": repo.head()}


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP server that accepts connections and never answers: a hung git host."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen()
    accepted: list[socket.socket] = []

    def accept() -> None:
        while True:
            try:
                connection, _ = listener.accept()
            except OSError:
                return
            accepted.append(connection)

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield listener.getsockname()[1]
    listener.shutdown(socket.SHUT_RDWR)
    listener.close()
    thread.join(timeout=5)
    for connection in accepted:
        connection.close()


def test_a_hung_fetch_is_stopped_at_the_time_limit(silent_server: int, tmp_path: Path) -> None:
    template = f"http://127.0.0.1:{silent_server}/{{owner}}/{{repo}}.git"
    cache = RepoCache(tmp_path / "cache", template, fetch_timeout=1.0)
    started = time.monotonic()
    with pytest.raises(FetchError, match="did not finish within 1s"):
        cache.sync("octo", "demo", TOKEN)
    assert time.monotonic() - started < 10


class _AuthRecordingHandler(SimpleHTTPRequestHandler):
    """Serves a bare repository over git's dumb HTTP protocol, only with the right credentials."""

    seen: list[str | None]
    expected: str

    def do_GET(self) -> None:
        header = self.headers.get("Authorization")
        self.seen.append(header)
        if header != self.expected:
            self.send_response(401)
            self.send_header("WWW-Authenticate", 'Basic realm="git"')
            self.end_headers()
            return
        super().do_GET()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture
def dumb_http(remotes: Remotes) -> Iterator[tuple[int, list[str | None]]]:
    seen: list[str | None] = []
    expected = "Basic " + base64.b64encode(f"x-access-token:{TOKEN}".encode()).decode()
    handler = type(
        "Handler",
        (_AuthRecordingHandler,),
        {"seen": seen, "expected": expected},
    )
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(handler, directory=str(remotes.served)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1], seen
    server.shutdown()
    server.server_close()


@pytest.mark.parametrize(
    "template",
    [
        "http://x-access-token:{token}@127.0.0.1:PORT/{owner}/{repo}.git",
        "http://127.0.0.1:PORT/{owner}/{repo}.git",
    ],
    ids=["token-in-template", "token-added"],
)
def test_the_token_authenticates_but_is_never_stored_or_logged(
    template: str,
    remotes: Remotes,
    dumb_http: tuple[int, list[str | None]],
    tmp_path: Path,
    caplog: pytest.LogCaptureFixture,
) -> None:
    port, seen = dumb_http
    repo = remotes.create("octo/private")
    first = repo.commit("first", {"a.py": "x = 1\n"})
    remotes.push(repo)
    git(remotes.bare("octo/private"), "update-server-info")
    cache = RepoCache(tmp_path / "cache", template.replace("PORT", str(port)))

    with caplog.at_level(logging.DEBUG):
        mirror = cache.sync("octo", "private", TOKEN, want=[first])

    assert mirror.has_commit(first)
    assert seen
    assert all(header is not None for header in seen)
    encoded = base64.b64encode(f"x-access-token:{TOKEN}".encode())
    for path in cache.root.rglob("*"):
        if path.is_file():
            data = path.read_bytes()
            assert TOKEN.encode() not in data, path
            assert encoded not in data, path
    assert TOKEN not in caplog.text


def test_a_wrong_token_is_a_fetch_error_that_does_not_show_the_token(
    remotes: Remotes, dumb_http: tuple[int, list[str | None]], tmp_path: Path
) -> None:
    port, _ = dumb_http
    repo = remotes.create("octo/private")
    repo.commit("first")
    remotes.push(repo)
    git(remotes.bare("octo/private"), "update-server-info")
    cache = RepoCache(tmp_path / "cache", f"http://127.0.0.1:{port}/{{owner}}/{{repo}}.git")
    with pytest.raises(FetchError, match="fetching octo/private failed") as caught:
        cache.sync("octo", "private", "ghs_wrong")
    assert "ghs_wrong" not in str(caught.value)


def test_remote_access_moves_credentials_into_a_host_scoped_header() -> None:
    access = remote_access(
        "https://x-access-token:{token}@github.com/{owner}/{repo}.git", "o", "r", "tok"
    )
    assert access.url == "https://github.com/o/r.git"
    header = "Authorization: Basic " + base64.b64encode(b"x-access-token:tok").decode()
    assert access.secret_config == {"http.https://github.com/.extraHeader": header}

    local = remote_access("file:///srv/{owner}/{repo}.git", "o", "r", "tok")
    assert local.url == "file:///srv/o/r.git"
    assert local.secret_config == {}

    with pytest.raises(FetchError, match="only as the password"):
        remote_access("https://github.com/{owner}/{repo}.git?t={token}", "o", "r", "tok")


def test_the_default_branch_becomes_the_mirrors_head(remotes: Remotes, cache: RepoCache) -> None:
    repo = remotes.create("octo/demo")
    first = repo.commit("first")
    repo.branch("trunk")
    remotes.push(repo)
    mirror = cache.sync("octo", "demo", None, default_branch="trunk")
    assert git(mirror.path, "symbolic-ref", "HEAD") == "refs/heads/trunk"
    assert mirror.resolve("HEAD") == first
    with pytest.raises(GitError):
        cache.sync("octo", "demo", None, default_branch="bad..name")


def test_a_pull_request_head_on_no_branch_comes_from_its_pull_ref(
    remotes: Remotes, cache: RepoCache
) -> None:
    repo = remotes.create("octo/demo")
    repo.commit("first")
    remotes.push(repo)
    repo.branch("fork-work")
    repo.checkout("fork-work")
    head = repo.commit("from a fork", {"f.py": "x = 1\n"})
    remotes.push(repo, "fork-work:refs/pull/7/head")  # how GitHub exposes a fork's PR head

    mirror = cache.sync(
        "octo",
        "demo",
        None,
        want=[head],
        fallback_refspecs=[
            "+refs/pull/9/head:refs/pull/9/head",
            "+refs/pull/7/head:refs/pull/7/head",
        ],
    )
    assert mirror.has_commit(head)
    assert mirror.resolve("refs/pull/7/head") == head
    assert "fork-work" not in mirror.branches()


def test_one_mirror_however_the_name_is_spelled(remotes: Remotes, cache: RepoCache) -> None:
    repo = remotes.create("octo/demo")
    first = repo.commit("first")
    remotes.push(repo)
    mirror = cache.sync("octo", "demo", None)
    # A warm mirror holding the commit is used as it is, whatever case the event used.
    assert cache.sync("Octo", "Demo", None, want=[first], refresh=False).path == mirror.path
