"""One cat-file pass over many blobs: only blobs holding a needle come back, across chunk edges."""

from __future__ import annotations

from analyzers.git.blobscan import BlobScan, scan_blobs
from tests.support.gitrepo import GitRepo

MISSING = "0123456789abcdef0123456789abcdef01234567"


def test_hits_missing_and_oversized_blobs(repo: GitRepo) -> None:
    filler = "x = 1\n" * 60_000  # 360 KB each: answers straddle the 1 MiB read chunks
    files = {f"f{i}.py": f"{filler}# n{i}\n" for i in range(12)}
    files["hit_end.py"] = filler + "LoRARequest\n"
    files["hit_start.py"] = "lora_int_id = 1\n" + filler
    files["huge.py"] = "LoRARequest\n" * 200_000
    repo.commit("blobs", files)
    oid = {path: repo.git("rev-parse", f"HEAD:{path}") for path in files}
    order = [*(oid[f"f{i}.py"] for i in range(12)), oid["hit_end.py"], MISSING]
    order += [oid["huge.py"], oid["hit_start.py"]]

    found = scan_blobs(
        repo.path / ".git", order, [b"LoRARequest", b"lora_int_id"], max_bytes=1_000_000
    )

    assert found == BlobScan(
        hits={
            oid["hit_end.py"]: files["hit_end.py"].encode(),
            oid["hit_start.py"]: files["hit_start.py"].encode(),
        },
        missing={MISSING},
        oversized={oid["huge.py"]},
    )


def test_nothing_to_scan(repo: GitRepo) -> None:
    assert scan_blobs(repo.path / ".git", [], [b"x"], max_bytes=10) == BlobScan()
