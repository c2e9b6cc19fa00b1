"""Two real commits whose shas share a short prefix, found by hashing in Python, then written."""

from __future__ import annotations

import hashlib

from tests.support.gitrepo import GitRepo

EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"


def _body(n: int) -> bytes:
    who = "Test Author <author@example.com> 1700000000 +0000"
    return f"tree {EMPTY_TREE}\nauthor {who}\ncommitter {who}\n\ncandidate {n}\n".encode()


def _sha(body: bytes) -> str:
    return hashlib.sha1(b"commit %d\0" % len(body) + body).hexdigest()


def ambiguous_commits(repo: GitRepo, digits: int = 4) -> tuple[str, list[str]]:
    """Write two unreferenced commits sharing `digits` leading hex digits; (prefix, shas)."""
    repo.git("hash-object", "-t", "tree", "-w", "/dev/null")  # the empty tree
    seen: dict[str, int] = {}
    n = 0
    while True:
        prefix = _sha(_body(n))[:digits]
        if prefix in seen:
            break
        seen[prefix] = n
        n += 1
    written = []
    for number in (seen[prefix], n):
        path = repo.path / ".git" / f"commit-{number}"
        path.write_bytes(_body(number))
        written.append(repo.git("hash-object", "-t", "commit", "-w", str(path)))
        path.unlink()
    assert all(sha.startswith(prefix) for sha in written), written
    return prefix, sorted(written)
