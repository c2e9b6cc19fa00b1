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
        hits={oid["hit_end.py"], oid["hit_start.py"]},
        data={
            oid["hit_end.py"]: files["hit_end.py"].encode(),
            oid["hit_start.py"]: files["hit_start.py"].encode(),
        },
        missing={MISSING},
        oversized={oid["huge.py"]},
    )


def test_other_blobs_are_kept_within_the_budget(repo: GitRepo) -> None:
    files = {"a.py": "a" * 100, "b.py": "b" * 100, "c.py": "LoRARequest" * 20, "d.py": "d" * 100}
    repo.commit("blobs", files)
    oids = [repo.git("rev-parse", f"HEAD:{path}") for path in files]
    found = scan_blobs(repo.path / ".git", oids, [b"LoRA"], max_bytes=1000, keep_bytes=250)
    assert found.hits == {oids[2]}
    assert found.data == {
        oids[0]: b"a" * 100,
        oids[1]: b"b" * 100,
        oids[2]: b"LoRARequest" * 20,
    }


def test_nothing_to_scan(repo: GitRepo) -> None:
    assert scan_blobs(repo.path / ".git", [], [b"x"], max_bytes=10) == BlobScan()
