"""How pytest-xdist shares the suite out: whole modules, the long ones first.

`--dist loadfile` gives each worker whole modules, so a module's module-scoped set-up (a
deployment, an installed venv, a web server) starts once, as in a serial run. Modules that share
a module-level cache of expensive scans (`SHARED_STATE`) go to one worker together. The order
only decides when a module starts, never what it asserts: the long ones go first so that the
short ones even out the end of the run.
"""

from __future__ import annotations

import pytest
from xdist.scheduler import LoadFileScheduling

# Modules whose tests share in-process state that is costly to build: one unit of work each.
SHARED_STATE = {
    # test_reproductions.py keeps one scan per reproduction folder for the session (some take a
    # minute); fix/test_corpus.py reads those scans to skip reproductions with nothing to fix.
    "tests/analyzers/test_reproductions.py": "reproduction-scans",
    "tests/analyzers/fix/test_corpus.py": "reproduction-scans",
}
# Modules whose tests share nothing costly and together take minutes: each test is a unit of
# its own, so that both workers share them out instead of one running them all.
SPLIT = {"tests/analyzers/test_shared_start.py"}
SHARED_SCOPES = {"module", "package", "class"}


def unit_of(nodeid: str) -> str:
    """The unit of work a test belongs to: its module, its `SHARED_STATE` group, or (in a
    `SPLIT` module) the test itself."""
    module = nodeid.split("::", 1)[0]
    if module in SPLIT:
        return nodeid
    return SHARED_STATE.get(module, module)


class ModuleScheduling(LoadFileScheduling):  # type: ignore[misc]  # xdist ships no types
    """`loadfile`, with the modules of one `SHARED_STATE` group in a single unit."""

    def _split_scope(self, nodeid: str) -> str:
        return unit_of(nodeid)


def _shares_setup(item: pytest.Item) -> bool:
    info = getattr(item, "_fixtureinfo", None)
    if info is None:
        return False
    return any(
        getattr(definition, "scope", "function") in SHARED_SCOPES
        for definitions in info.name2fixturedefs.values()
        for definition in definitions
    )


def long_first(items: list[pytest.Item]) -> None:
    """Stable reorder, in place: first the units that hold a `slow` test, share a module-scoped
    set-up or a `SHARED_STATE` cache; then the rest, in collection order."""
    heavy = {
        unit_of(item.nodeid)
        for item in items
        if item.get_closest_marker("slow") is not None
        or _shares_setup(item)
        or item.nodeid.split("::", 1)[0] in SHARED_STATE
    }
    items.sort(key=lambda item: unit_of(item.nodeid) not in heavy)
