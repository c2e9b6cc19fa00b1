"""Whether a safe run stays safe in the worlds the search did not reach.

Worlds differ from an explored one by the answers to undecidable conditions, and another
answer mostly skips code: some requests are not made. A verdict every such subsequence keeps
stands without every combination explored: distinct ids stay distinct, one adapter stays one,
digest ids stay digests. A repeat kept apart by eviction is different: skipping the requests
between two uses of an id (LRU) or the `remove_lora` before the second one makes it stale. It
survives skipping only when its protection cannot be skipped without the repeat itself:
- the repeated request reloads on its own (`LoRARequest(load_inplace=True)`, where it exists);
- or the id was dropped by a call statement of its own, in the same run of the same block as
  the statement that led to the repeat, before it (`engine.remove_lora(1)` on the line above
  `engine.add_lora(req)`), or below `if` sides the repeat was served under too, or below
  vLLM version checks (fixed at the release judged): a run that reaches that later statement
  made the drop (`interpret/places.py`);
- or it was dropped by the `finally` of the `try` that made every earlier use of the id since
  the request it repeats (`try: generate(...) finally: engine.remove_lora(7)`): a run that made
  such a use made the drop after it, however the `try`'s body ended.
What the receiver and the id evaluate to may still differ between worlds, as every id may.
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzers.interpret.places import shields
from analyzers.interpret.trace import Removed, Served
from analyzers.interpret.values import same
from analyzers.judge.lifetimes import RunView, reloads
from analyzers.judge.safe import clashes


def fragile_repeat(
    view: RunView, also: Sequence[tuple[Served, Removed | None]] = ()
) -> Served | None:
    """The first repeat whose protection another answer to a condition could skip, or None.

    `also`: repeats of ids that may be equal at run time, with the drop that kept them apart
    (None: the repeat reloads)."""
    for events in view.groups.values():
        for start, index in clashes(events):
            later = events[index]
            assert isinstance(later, Served)
            if not reloads(later, view.version) and not any(
                isinstance(event, Removed)
                and event.lora_id is not None
                and later.lora_id is not None
                and same(event.lora_id, later.lora_id) is True
                and (shields(event, later) or _cleans_up(event, events[start:at]))
                for at, event in enumerate(events[start + 1 : index], start + 1)
            ):
                return later
    for later, removed in also:
        if not reloads(later, view.version) and (removed is None or not shields(removed, later)):
            return later
    return None


def _cleans_up(removed: Removed, before: Sequence[object]) -> bool:
    """The drop is a `finally`'s (`places.finally_of`) that follows every use of its id made
    since the earlier request: each was made inside that `try`, or by the plain statement just
    before it in the same run of the block. A world that makes such a use makes the drop after
    it, whatever it skips; one that skips the use has no use of the id to drop there. (The
    statement before the `try` may make the use in a call; once it ends, the `try` begins.)"""
    tried = removed.finally_of
    if tried is None or removed.lora_id is None:
        return False
    level = len(tried) - 1
    run, position = tried[level]
    just_before = (*tried[:level], (run, position - 1))
    for event in before:
        if not (
            isinstance(event, Served)
            and event.lora_id is not None
            and same(event.lora_id, removed.lora_id) is not False
        ):
            continue
        made = event.place[: level + 1]
        inside = made == tried and not _in_the_finally(event, removed, level)
        if not inside and made != just_before:
            return False
    return True


def _in_the_finally(event: Served, removed: Removed, level: int) -> bool:
    """The use was made in the same run of the `finally` block as the drop (where their order
    is that block's business, not the `try`'s)."""
    return (
        len(event.place) > level + 1
        and len(removed.place) > level + 1
        and event.place[level + 1][0] == removed.place[level + 1][0]
    )
