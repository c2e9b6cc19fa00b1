"""The property `lora-audit fix` promises, over every driver the corpora hold (found when the
tests run, so a driver added later counts): each Affected driver is either rewritten so that a
fresh re-scan finds it safe, or left byte for byte as it was with the reason; a rewrite keeps
every comment, touches no driver that was not Affected, and a second run changes nothing.

The corpora: each driver of tests/analyzers/drivers/ alone (at every release its first line pins),
each small repository one level below a folder there (review_repos/, reproductions/, ...), and
each example repository under examples/.
"""

from __future__ import annotations

import io
import shutil
import tokenize
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest

from analyzers.audit import AuditOptions
from analyzers.files.directory import DirectoryTree
from analyzers.fix.codemod import fix_tree
from analyzers.model import Verdict
from tests.analyzers.conftest import DRIVERS
from tests.analyzers.fix.conftest import apply
from tests.analyzers.test_drivers import parse_expectations

EXAMPLES = Path(__file__).resolve().parents[3] / "examples"

# Affected drivers no rewrite makes safe, each with words of the reason it is left with. A strict
# list: one that becomes fixable fails until it is taken out.
CANNOT_FIX: dict[str, str] = {
    # The rewrite is right, but its re-scan spends a run's step budget in the preparation phase
    # too, so it cannot be proven Safe-distinct-id within the budget.
    "heavy_phase_behind_a_switch.py": "the re-scan says Indeterminate: one run exceeded",
    # The id map is right, but in the re-scan of the rewritten file no run of warm_up() ends
    # within a run's budget, so the driver's budget ends its search unfinished.
    "late_method_still_runs.py": "id-map: the re-scan says Indeterminate: the analysis took more",
    # The rewrites are right for the methods used in turn, but `play()` run on its own serves a
    # request other methods may have set, which no rewrite makes known.
    "self_play_actor_methods_in_turn.py": "the re-scan says Indeterminate: the lora_request served",
    "wrapper_given_its_engine_at_construction.py": (
        "the re-scan says Indeterminate: the lora_request served"
    ),
    "wrapper_serves_before_its_loader_in_the_file.py": (
        "the re-scan says Indeterminate: the lora_request served"
    ),
    # The id is bound inside functools.partial: the call at the site names none.
    "functools_partial_request.py": "passes no lora_int_id (a partial or a wrapper)",
    # A request memoised by name keeps its first path, whatever id it was given.
    "memoised_request_by_name.py": "the id of the served request `lora(",
    "memoised_request_dict_by_name.py": "the id of the served request `request_for(",
    # The kept request is served whatever id or removal the rewrite gives the new one.
    "memoised_request_setdefault_by_name.py": (
        "remove-lora: the re-scan says Affected: a memoised LoRARequest"
    ),
    "request_kept_by_setdefault.py": "remove-lora: the re-scan says Affected: a memoised",
    # The id arrives in `**kw`: there is no argument to rewrite.
    "request_from_kwargs_dict.py": "takes its arguments from `*args`/`**kwargs`",
    "reproductions/version-check-not-linked/rollout_sync.py": "`*args`/`**kwargs`",
    # The request is stored by code outside the repository; only its path is set here.
    "reproductions/nested-function-never-run/reload_patch.py": "not a call lora-audit fix",
    # One folder rewritten every step under the md5 of its path: only an invalidation helps,
    # and the pinned vLLM has no load_inplace.
    "reproductions/script-reaches-driver-through-a-relay/odpo/generator.py": (
        "load-inplace: the pinned vLLM 0.12.0 does not have it"
    ),
    "reproductions/script-reaches-driver-through-a-relay/odpo/trainer.py": (
        "no rewrite there made it safe"
    ),
    "reproductions/script-reaches-driver-through-a-relay/train_online_dpo.py": (
        "no rewrite there made it safe"
    ),
    # The id map is right, but the manifest's paths are known only at run time, so the re-scan
    # cannot show the ids it hands out distinct.
    "hash_modulus_manifest_loop.py": "id-map: the re-scan says Indeterminate: lora_int_id comes",
    # The serve is the element of a generator expression (or a list comprehension): no
    # statement to put a removal before, and no loop counter beside it.
    "generator_expression_looped_later_serves_between_saves.py": (
        "remove-lora: the serve call runs inside an expression that runs more than once"
    ),
    "thread_pool_task_serves_until_its_result.py": (
        "remove-lora: the serve call runs inside an expression that runs more than once"
    ),
    # HTTP loads of vLLM's server are not rewritten.
    "server_reload_inplace.py@0.14.0": "loads an adapter into vLLM's server over HTTP",
    "server_reload_refused.py": "loads an adapter into vLLM's server over HTTP",
    "openai_client_posts_the_load_route.py": "loads an adapter into vLLM's server over HTTP",
    "load_route_body_sent_as_json_text.py": "loads an adapter into vLLM's server over HTTP",
    "load_route_verb_filled_in_by_a_helper.py": "loads an adapter into vLLM's server over HTTP",
    "folder_saved_under_another_spelling.py": "loads an adapter into vLLM's server over HTTP",
    "unload_posted_to_a_route_that_does_not_exist.py": (
        "loads an adapter into vLLM's server over HTTP"
    ),
    "openai_client_serves_a_folder_rewritten_since_its_load.py": (
        "loads an adapter into vLLM's server over HTTP"
    ),
}


@dataclass(frozen=True)
class Unit:
    """One folder to audit and fix: a driver alone (at a release), or a small repository."""

    key: str  # the CANNOT_FIX prefix of its drivers ("" for a lone driver, its name is the key)
    source: Path
    version: str | None = None

    def driver_key(self, path: str) -> str:
        if self.key:
            return f"{self.key}/{path}"
        return path + (f"@{self.version}" if self.version else "")


def _units() -> list[Unit]:
    units: list[Unit] = []
    for path in sorted(DRIVERS.glob("*.py")):
        first = path.read_text().splitlines()[0]
        versions = sorted({e.version for e in parse_expectations(first)}, key=lambda v: v or "")
        units += [Unit("", path, version) for version in versions]
    for corpus in sorted(p for p in DRIVERS.iterdir() if p.is_dir() and p.name != "__pycache__"):
        units += [Unit(f"{corpus.name}/{repo.name}", repo) for repo in sorted(corpus.iterdir())
                  if repo.is_dir()]  # fmt: skip
    units += [Unit(f"examples/{repo.name}", repo) for repo in sorted(EXAMPLES.iterdir())
              if repo.is_dir()]  # fmt: skip
    return units


def _unit_id(unit: Unit) -> str:
    return unit.key or unit.source.name + (f"@{unit.version}" if unit.version else "")


def _comments(text: str) -> Counter[str]:
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return Counter(token.string for token in tokens if token.type == tokenize.COMMENT)


def _copy(unit: Unit, into: Path) -> Path:
    if unit.source.is_dir():
        return Path(shutil.copytree(unit.source, into / unit.source.name))
    into.mkdir(parents=True)
    shutil.copy(unit.source, into / unit.source.name)
    return into


def _nothing_affected(unit: Unit, scratch: pytest.TempPathFactory) -> bool:
    """For a reproduction, whether its scan (shared with test_reproductions.py, which keeps one
    per session: some take a minute) has no Affected row, so there is nothing to fix."""
    if not unit.key.startswith("reproductions/"):
        return False
    from tests.analyzers.test_reproductions import _rows

    rows = _rows(unit.source.name, scratch.mktemp("repro"))
    return all(row.verdict is not Verdict.AFFECTED for row in rows.values())


# Analyses by content, shared by the tests: the second run re-analyses only rewritten files.
_ANALYSES: dict[str, str] = {}


@pytest.mark.parametrize("unit", _units(), ids=_unit_id)
def test_fixed_drivers_rescan_safe_and_the_rest_are_left_untouched(
    tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, unit: Unit
) -> None:
    if _nothing_affected(unit, tmp_path_factory):
        return
    root = _copy(unit, tmp_path / "repo")
    original = {p: p.read_bytes() for p in root.rglob("*") if p.is_file()}
    options = AuditOptions(vllm_version=unit.version)
    result = fix_tree(DirectoryTree(root), options, cache=_ANALYSES)
    affected = {row.path for row in result.report.affected if row.suppressed is None}
    fixed = {item.path: item for item in result.fixed}
    refused = {item.path: item for item in result.refused}

    assert set(fixed) <= affected | {
        path for row in result.report.affected for path in _helpers(result, row.path)
    }
    for path in sorted(affected - set(fixed)):
        key = unit.driver_key(path)
        if path not in refused:
            continue  # made safe by the rewrite of a helper it shares (checked below)
        assert key in CANNOT_FIX, f"{key} was not fixed: {refused[path].reason}"
        assert CANNOT_FIX[key] in refused[path].reason, refused[path].reason
    for path in fixed:
        assert unit.driver_key(path) not in CANNOT_FIX, f"{path} is fixed now: unlist it"
    for item in result.fixed:
        assert _comments(item.text("before")) <= _comments(item.text()), item.path

    apply(root, result)
    for file, data in original.items():
        if file.relative_to(root).as_posix() not in fixed:
            assert file.read_bytes() == data, f"{file} changed but was not fixed"

    # A fresh audit of what is on disk now, which a second run starts with.
    second = fix_tree(DirectoryTree(root), options, cache=_ANALYSES)
    rows = {row.path: row for row in second.report.drivers}
    before = {row.path: row.verdict for row in result.report.drivers}
    for path, row in rows.items():
        if path in refused:
            assert row.verdict is Verdict.AFFECTED
        elif path in affected:
            assert row.verdict is not Verdict.AFFECTED, f"{path}: {row.reason}"
        else:
            assert (row.verdict is Verdict.AFFECTED) == (before.get(path) is Verdict.AFFECTED)
    for path, item in fixed.items():
        assert rows[path].verdict.is_safe, f"{path}: {rows[path].reason}"
        assert rows[path].verdict is item.verdict
    assert second.fixed == []
    assert sorted(item.path for item in second.refused) == sorted(refused)


def _helpers(result: object, path: str) -> set[str]:
    """Files that build the requests the driver at `path` serves (fixed on its behalf)."""
    from analyzers.fix.codemod import SERVED_FROM, FixResult

    assert isinstance(result, FixResult)
    return {
        row.path
        for row in result.report.drivers
        for item in row.evidence
        if item.detail == SERVED_FROM and item.where.partition(":")[0] == path
    }


def test_every_cannot_fix_entry_is_a_driver_of_the_corpora() -> None:
    keys = set()
    for unit in _units():
        if unit.key:
            keys |= {
                f"{unit.key}/{p.relative_to(unit.source).as_posix()}"
                for p in unit.source.rglob("*.py")
            }
        else:
            keys.add(unit.driver_key(unit.source.name))
    assert set(CANNOT_FIX) <= keys
