"""The analysis cache is keyed by content: same content parses nothing; a changed helper
re-analyses only the drivers that depend on it. Parses are counted by the analyzer itself."""

from __future__ import annotations

from pathlib import Path

from analyzers.audit import AuditOptions, audit_tree
from analyzers.files.directory import DirectoryTree
from analyzers.files.parsing import parse_count
from analyzers.model import Report, Verdict

HELPER = (
    "from vllm.lora.request import LoRARequest\n\n"
    "def req(p):\n    return LoRARequest('a', {id}, p)\n"
)
USES_HELPER = (
    "from vllm import LLM\nfrom utils.lora import req\nllm = LLM(model='m', enable_lora=True)\n"
    "for p in ['x', 'y']:\n    llm.generate(['q'], lora_request=req(p))\n"
)
STANDALONE = (
    "from vllm import LLM\nfrom vllm.lora.request import LoRARequest\n"
    "llm = LLM(model='m', enable_lora=True)\n"
    "llm.generate(['q'], lora_request=LoRARequest('b', 1, 'b'))\n"
)
TRIES_IMPORT = (
    "from vllm import LLM\nfrom extras import make\nllm = LLM(model='m', enable_lora=True)\n"
    "for p in ['x', 'y']:\n    llm.generate(['q'], lora_request=make(p))\n"
)


def _write(root: Path, files: dict[str, str]) -> None:
    for relpath, text in files.items():
        target = root / relpath
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def _audit(
    root: Path, cache: dict[str, str], options: AuditOptions | None = None
) -> tuple[Report, int]:
    options = options or AuditOptions()
    before = parse_count()
    report = audit_tree(DirectoryTree(root), options, cache=cache)
    return report, parse_count() - before


def test_same_content_parses_nothing_and_gives_the_same_report(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "utils/lora.py": HELPER.format(id=1),
            "scripts/a.py": USES_HELPER,
            "scripts/b.py": STANDALONE,
        },
    )
    cache: dict[str, str] = {}
    first, parsed = _audit(tmp_path, cache)
    assert parsed == 3
    second, parsed_again = _audit(tmp_path, cache)
    assert parsed_again == 0
    assert second.model_dump() == first.model_dump()
    assert {row.path: row.verdict for row in second.drivers} == {
        "scripts/a.py": Verdict.AFFECTED,
        "scripts/b.py": Verdict.SAFE_SINGLE_ADAPTER,
        "utils/lora.py": Verdict.AFFECTED,
    }


def test_changing_a_helper_reanalyses_only_its_dependents(tmp_path: Path) -> None:
    _write(
        tmp_path,
        {
            "utils/lora.py": HELPER.format(id=1),
            "scripts/a.py": USES_HELPER,
            "scripts/b.py": STANDALONE,
        },
    )
    cache: dict[str, str] = {}
    _audit(tmp_path, cache)
    _write(tmp_path, {"utils/lora.py": HELPER.format(id="abs(hash(p)) % 1000003 + 1")})
    report, parsed = _audit(tmp_path, cache)
    assert parsed == 2  # the helper and scripts/a.py; scripts/b.py comes from the cache
    verdicts = {row.path: row.verdict for row in report.drivers}
    assert verdicts["scripts/a.py"] is Verdict.SAFE_PROBABILISTIC


def test_a_module_that_appears_later_reanalyses_the_driver_that_looked_for_it(
    tmp_path: Path,
) -> None:
    _write(tmp_path, {"run.py": TRIES_IMPORT, "scripts/b.py": STANDALONE})
    cache: dict[str, str] = {}
    first, _ = _audit(tmp_path, cache)
    # make() comes from a module that does not exist yet: its request is unknown.
    assert {row.path: row.verdict for row in first.drivers}["run.py"] is Verdict.INDETERMINATE
    _write(tmp_path, {"extras.py": HELPER.format(id=1).replace("def req", "def make")})
    report, parsed = _audit(tmp_path, cache)
    assert parsed == 2  # run.py and extras.py
    assert {row.path: row.verdict for row in report.drivers}["run.py"] is Verdict.AFFECTED


def test_options_and_versions_are_part_of_the_key(tmp_path: Path) -> None:
    _write(tmp_path, {"scripts/b.py": STANDALONE})
    cache: dict[str, str] = {}
    _audit(tmp_path, cache)
    _, parsed = _audit(tmp_path, cache, AuditOptions(vllm_version="0.15.0"))
    assert parsed == 1
    _write(tmp_path, {"requirements.txt": "vllm==0.15.0\n"})
    _, parsed = _audit(tmp_path, cache)
    assert parsed == 0  # the same version as the flag before, now from the lock file


def test_a_damaged_cache_entry_is_recomputed(tmp_path: Path) -> None:
    _write(tmp_path, {"scripts/b.py": STANDALONE})
    cache: dict[str, str] = {}
    first, _ = _audit(tmp_path, cache)
    for key in cache:
        cache[key] = "{not json"
    second, parsed = _audit(tmp_path, cache)
    assert parsed == 1
    assert second.model_dump() == first.model_dump()


def test_a_helper_alternating_between_versions_is_cached_for_each(tmp_path: Path) -> None:
    """A pull request's base and head (or two branches) differ only in a helper: once both have
    been seen, auditing either again parses nothing."""
    files = {"utils/lora.py": HELPER.format(id=1), "scripts/a.py": USES_HELPER}
    _write(tmp_path, files)
    cache: dict[str, str] = {}
    _audit(tmp_path, cache)
    _write(tmp_path, {"utils/lora.py": HELPER.format(id="abs(hash(p)) % 1000003 + 1")})
    _audit(tmp_path, cache)
    for helper_id, verdict in [(1, Verdict.AFFECTED), ("abs(hash(p)) % 1000003 + 1", None)]:
        _write(tmp_path, {"utils/lora.py": HELPER.format(id=helper_id)})
        report, parsed = _audit(tmp_path, cache)
        assert parsed == 0
        if verdict is not None:
            assert {row.path: row.verdict for row in report.drivers}["scripts/a.py"] is verdict


LIBRARY = """\
from vllm.lora.request import LoRARequest


def req(p):
    return LoRARequest("a", 1, p)


def unused(x):
    {unused}
    return x


TABLE = {{"k": 1}}
"""


def _counted(tmp_path: Path, cache: dict[str, str], unused: str) -> tuple[Report, int]:
    _write(tmp_path, {"utils/lora.py": LIBRARY.format(unused=unused)})
    return _audit(tmp_path, cache)


def test_a_change_to_a_function_no_analysis_touched_reuses_the_results(tmp_path: Path) -> None:
    """`unused()` is never called nor read: editing its body (same number of lines) changes
    nothing the drivers' analyses saw, so they come from the cache. The helper file itself is
    parsed again (it is a driver of its own, keyed by its blob, and the digest is read off it)."""
    _write(tmp_path, {"scripts/a.py": USES_HELPER})
    cache: dict[str, str] = {}
    first, _ = _counted(tmp_path, cache, "x = x + 1")
    second, parsed = _counted(tmp_path, cache, "x = x * 2  # tuned")
    assert parsed == 1  # the helper: the digest of its new version; scripts/a.py from cache
    assert second.model_dump(exclude={"root"}) == first.model_dump(exclude={"root"})


def test_a_change_that_moves_or_touches_what_was_run_reanalyses(tmp_path: Path) -> None:
    _write(tmp_path, {"scripts/a.py": USES_HELPER})
    cache: dict[str, str] = {}
    _counted(tmp_path, cache, "x = x + 1")
    # One more line in the unused body moves TABLE (top level, whose line a result may cite).
    _, parsed = _counted(tmp_path, cache, "x = x + 1\n    x = x - 1")
    assert parsed == 2
    # The body of req() (which the run called) changes: re-analysed, with the new verdict.
    _write(
        tmp_path,
        {
            "utils/lora.py": LIBRARY.format(unused="x = x + 1").replace(
                'LoRARequest("a", 1, p)', 'LoRARequest("a", abs(hash(p)) % 1000003 + 1, p)'
            )
        },
    )
    report, parsed = _audit(tmp_path, cache)
    assert parsed == 2
    assert {row.path: row.verdict for row in report.drivers}["scripts/a.py"] is (
        Verdict.SAFE_PROBABILISTIC
    )
