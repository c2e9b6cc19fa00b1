"""Which `Safe-*` kind a run without stale serves is, and the sentence that says why; or
Affected, when digest ids have fewer values than the adapters served and the cache keeps them
all, so that two adapters certainly share an id (`_crowded`)."""

from __future__ import annotations

import ast
from collections.abc import Iterable, Sequence

from analyzers.files.parsing import Loc
from analyzers.interpret.containers import key_text
from analyzers.interpret.trace import Pinned, Removed, Served, Spawned, Trace
from analyzers.interpret.values import Const, Hashed, Value, known_apart, label, same
from analyzers.judge.lifetimes import LARGE_CAPACITY, Groups, RunView, payload_key
from analyzers.model import Verdict
from analyzers.vllm.releases import ID_CHECK_SINCE, rejects_nonpositive_ids

ASSUMED_ADAPTERS = 1000  # N for the bound when a loop's length is unknown
BOUND_LIMIT = 0.01  # above this a "probabilistic" answer is no answer
_DEFAULT_MODULUS = {"hash": 2**64, "clock": 2**63, "crc": 2**32, "digest": 2**256, "random": 2**32}


def describe_safe(view: RunView) -> tuple[Verdict, str, Loc, float | None]:
    trace, served, groups = view.trace, view.served, view.groups
    line = served[0].request.loc
    hashed = [s for s in served if isinstance(s.lora_id, Hashed)]
    if len({key_text(s.lora_id) for s in hashed if s.lora_id is not None}) >= 2:
        if served[0].path is not None and len({_adapter(s) for s in served}) == 1:
            # random ids for one folder never written in between: whichever ids meet, each
            # stands for the same adapter (vLLM's benchmark: `randint(1, n)`, one path)
            digest = next(s.lora_id for s in hashed if isinstance(s.lora_id, Hashed))
            return (
                Verdict.SAFE_DISTINCT_ID,
                f"lora_int_id comes from {digest.desc} ({digest.where}), but every request names "
                f"one adapter ({label(served[0].path)}), so a repeated id is a benign cache hit",
                line,
                None,
            )
        return _probabilistic(view, hashed, line)
    wrap = _wraps_beyond_the_cut(view)
    if wrap is not None:
        return Verdict.INDETERMINATE, wrap, line, None
    repeats = _repeats_within(groups)
    if repeats is not None:
        return (
            Verdict.SAFE_BY_EVICTION,
            _eviction_reason(repeats, view),
            repeats[0].loc,
            None,
        )
    multi = [events for events in groups.values() if len(_ids(events)) >= 2]
    if multi:
        ids = sorted(
            {
                key_text(s.lora_id)
                for s in multi[0]
                if isinstance(s, Served) and s.lora_id is not None
            }
        )
        return (
            Verdict.SAFE_DISTINCT_ID,
            f"every lora_int_id maps to one adapter within each engine lifetime "
            f"({len(ids)} distinct ids, e.g. {label(_first_id(multi[0]))} at {line})",
            line,
            None,
        )
    across = _repeats_across(groups)
    if across is not None:
        first, second = across
        if first.proc != second.proc:
            return (
                Verdict.SAFE_FRESH_PROCESS,
                f"lora_int_id {label(first.lora_id)} is reused for different adapters only in "
                f"separate processes (started at {_spawn_loc(trace, second)}), each with an "
                f"empty cache",
                line,
                None,
            )
        return (
            Verdict.SAFE_SINGLE_ADAPTER,
            f"lora_int_id {label(first.lora_id)} is reused for different adapters, but each one "
            f"gets a new engine ({second.engine.kind} at {second.engine.loc})",
            line,
            None,
        )
    event = served[0]
    counter = event.request.counter
    if counter is not None:
        # The library's own loads (a trainer's rollouts through the same `load_lora`, which
        # the analysis does not see) take ids of the same counter: none is ever reused.
        return (
            Verdict.SAFE_DISTINCT_ID,
            f"every load through {counter} takes the next id of its counter (also the loads "
            f"of code the analysis cannot see, such as a trainer's rollouts), so no id is "
            f"reused for another adapter",
            line,
            None,
        )
    return (
        Verdict.SAFE_SINGLE_ADAPTER,
        f"one adapter per engine lifetime (lora_int_id {label(event.lora_id)}, "
        f"{label(event.path)}); a repeat can only be a benign cache hit",
        line,
        None,
    )


def _wraps_beyond_the_cut(view: RunView) -> str | None:
    """A loop cut short while ids cycle modulo k: a long cycle may repeat an id only later."""
    if not view.trace.truncated:
        return None
    cap = view.trace.loop_cap
    for event in view.served:
        lora_id = event.lora_id
        if isinstance(lora_id, Const) and lora_id.period is not None and lora_id.period * 2 > cap:
            loop = view.trace.truncated[0]
            return (
                f"lora_int_id at {event.request.loc} cycles modulo {lora_id.period}, but only the "
                f"first {cap} iterations of the loop at {loop} were followed, too few to see "
                f"whether a repeated id is still cached"
            )
    return None


def _first_id(events: list[Served | Removed | Pinned]) -> Value | None:
    return next((e.lora_id for e in events if isinstance(e, Served)), None)


def _ids(events: list[Served | Removed | Pinned]) -> set[str]:
    return {key_text(e.lora_id) for e in events if isinstance(e, Served) and e.lora_id is not None}


def _adapter(event: Served) -> tuple[str, str | None, tuple[str, ...]]:
    """What an id stands for: its folder, the writes into it, and the request's content."""
    payload = tuple(f"{name}={payload_key(value)[0]}" for name, value in event.content.payload)
    return key_text(event.path or Const(None)), event.content.token(), payload


def _first_clash(events: Iterable[object], seen: dict[str, Served]) -> tuple[Served, Served] | None:
    """The first served request whose id was first seen with a different adapter, as
    (earlier, later); `seen` carries the ids across lifetimes."""
    for event in events:
        if not isinstance(event, Served) or event.lora_id is None:
            continue
        key = key_text(event.lora_id)
        earlier = seen.get(key)
        if earlier is not None and _adapter(earlier) != _adapter(event):
            return earlier, event
        seen.setdefault(key, event)
    return None


def clashes(events: Sequence[Served | Removed | Pinned]) -> list[tuple[int, int]]:
    """(earlier, later) positions of each request whose id was last served with another
    adapter in this lifetime."""
    found: list[tuple[int, int]] = []
    last: dict[str, int] = {}
    for index, event in enumerate(events):
        if not isinstance(event, Served) or event.lora_id is None:
            continue
        key = key_text(event.lora_id)
        earlier = last.get(key)
        last[key] = index
        if earlier is not None:
            before = events[earlier]
            assert isinstance(before, Served)
            if _adapter(before) != _adapter(event):
                found.append((earlier, index))
    return found


def _repeats_within(groups: Groups) -> list[Served] | None:
    """Two requests with one id but different adapters in one lifetime (kept apart by eviction)."""
    for events in groups.values():
        found = clashes(events)
        if found:
            earlier, later = (events[index] for index in found[0])
            assert isinstance(earlier, Served)
            assert isinstance(later, Served)
            return [later, earlier]
    return None


def _repeats_across(groups: Groups) -> tuple[Served, Served] | None:
    seen: dict[str, Served] = {}
    for events in groups.values():
        clash = _first_clash(events, seen)
        if clash is not None:
            return clash
    return None


def _spawn_loc(trace: Trace, event: Served) -> str:
    spawns = [fact.loc for fact in trace.facts if isinstance(fact, Spawned) and fact.function]
    return str(spawns[0]) if spawns else str(event.loc)


def _eviction_reason(repeat: list[Served], view: RunView) -> str:
    later = repeat[0]
    events = next(g for g in view.groups.values() if later in g)
    removes = [e for e in events if isinstance(e, Removed)]
    inplace = [
        e
        for e in events
        if isinstance(e, Served)
        and isinstance(e.load_inplace, Const)
        and e.load_inplace.value is True
    ]
    if inplace:
        how = f"LoRARequest(load_inplace=True) at {inplace[0].request.loc}"
    elif removes:
        how = f"{removes[0].via} at {removes[0].loc}"
    else:
        size = view.capacity_text(later.engine).removeprefix("capacity ")
        how = f"the LRU cache holds {size} adapter{'' if size == '1' else 's'}"
    return (
        f"lora_int_id {label(later.lora_id)} comes back with a different adapter "
        f"({later.loc}), but it was evicted before every repeat ({how})"
    )


def _literal(source: str) -> bool:
    """Whether a digest's input is a literal written in the code (`'zoo/math-r8'`)."""
    try:
        ast.literal_eval(source)
    except (ValueError, SyntaxError, MemoryError, RecursionError):
        return False
    return True


def _crowded(
    view: RunView, hashed: Sequence[Served], values: Sequence[Hashed]
) -> tuple[int, int] | None:
    """(ids, capacity) when every id is `digest % ids + k` (k >= 1) of one scheme, served on one
    engine lifetime with no invalidation whose known cache holds all the ids: then once more
    adapters than ids are served, two share an id (pigeonhole), and nothing evicts the first
    before the second is served. None when any of that is not known."""
    schemes = {(v.modulus, v.offset) for v in values}
    if len(schemes) != 1 or not all(v.nonneg and _reduced_last(v.desc) for v in values):
        return None  # ids of several schemes, or a range `modulus` only bounds (`// n`)
    ((ids, offset),) = schemes
    if ids is None or offset < 1:
        return None  # no bound on the ids, or an id of 0 (rejected by newer vLLM) is possible
    engine = hashed[0].engine
    if any(s.engine is not engine for s in hashed) or not engine.capacity_known:
        return None
    capacity = view.capacity(engine)
    if capacity is None or capacity < ids:
        return None
    events = next((g for g in view.groups.values() if any(e is hashed[0] for e in g)), None)
    if events is None or any(not any(e is s for e in events) for s in hashed):
        return None  # served across engine lifetimes
    for event in events:
        if isinstance(event, Removed):
            return None
        reload = event.load_inplace if isinstance(event, Served) else None
        if reload is not None and not (isinstance(reload, Const) and reload.value is False):
            return None  # a reload the analysis cannot rule out
    return ids, capacity


def _reduced_last(desc: str) -> bool:
    """Whether the last reduction of a digest was `% n` or `& mask`, which leave exactly
    `modulus` values (after `>> n` or `// n` the modulus is only near the count)."""
    found = {op: desc.rfind(op) for op in (" % ", " & ", " >> ", " // ")}
    last = max(found, key=lambda op: found[op])
    return found[last] >= 0 and last in (" % ", " & ")


def _distinct_paths(served: Sequence[Served]) -> int:
    """How many of the served adapters certainly differ: their paths are pairwise apart."""
    paths = [s.path for s in served]
    if any(p is None for p in paths):
        return 0
    kept: list[Value] = []
    for path in paths:
        assert path is not None
        if all(known_apart(path, other) for other in kept):
            kept.append(path)
        elif any(same(path, other) is not True for other in kept if not known_apart(path, other)):
            return 0  # two paths that may or may not be the same adapter
    return len(kept)


def _probabilistic(
    view: RunView, hashed: Sequence[Served], line: Loc
) -> tuple[Verdict, str, Loc, float | None]:
    trace, version = view.trace, view.version
    values = [s.lora_id for s in hashed if isinstance(s.lora_id, Hashed)]
    first = values[0]
    if any(v.kind == "coarse-clock" for v in values):
        return (
            Verdict.INDETERMINATE,
            f"lora_int_id comes from {first.desc} ({first.where}), which repeats for requests "
            f"made within the same clock tick",
            line,
            None,
        )
    sources = {(v.kind, v.source) for v in values}
    # A loop of unknown length adds adapters only when what it digests is not all written out
    # (a loop cut short over a long literal list may hold literals not seen yet).
    literal = all(_literal(v.source) for v in values)
    unknown_length = bool(trace.truncated or (trace.symbolic_loops and not literal))
    salted = (
        " (salted per process by PYTHONHASHSEED)" if any(v.kind == "hash" for v in values) else ""
    )
    crowded = _crowded(view, hashed, values)
    if crowded is not None:
        ids, capacity = crowded
        adapters = _distinct_paths(hashed)
        # One serve repeated by a loop over what only the run knows (a manifest's entries):
        # more adapters than ids is one of the plausible runs, and the worst one is reported.
        repeated = bool(trace.symbolic_loops) and not literal and len({s.loc for s in hashed}) == 1
        if repeated or adapters > ids:
            how_many = (
                f"more than {ids} adapters (how many is known only at run time)"
                if adapters <= ids
                else f"{adapters} adapters"
            )
            return (
                Verdict.AFFECTED,
                f"lora_int_id comes from {first.desc}{salted} ({first.where}), which has only "
                f"{ids} values, and the cache (capacity {capacity}) holds them all without "
                f"evicting: with {how_many}, two adapters share an id and the later one is "
                f"served the earlier one's weights",
                line,
                None,
            )
    count = max(len(sources), ASSUMED_ADAPTERS) if unknown_length else len(sources)
    # An engine whose cache size cannot be seen holds as many adapters as plausible: a bound
    # must never assume the smallest cache (which would make collisions look rarer).
    capacities = [
        (view.capacity(s.engine) if s.engine.capacity_known else None) or LARGE_CAPACITY
        for s in hashed
    ]
    capacity = max(capacities)
    modulus = min(v.modulus or _DEFAULT_MODULUS.get(v.kind, 2**32) for v in values)
    bound = (count - 1) * capacity / modulus
    notes = []
    if any(v.modulus is not None and v.offset <= 0 for v in values):
        bound += count / modulus
    if any(v.modulus is not None and v.offset <= 0 and not v.nonzero for v in values):
        notes.append(f"an id of 0 is possible, which vLLM >= {ID_CHECK_SINCE.series} rejects")
    negative = any(v.kind == "hash" and not v.nonneg for v in values)
    if negative:
        if not rejects_nonpositive_ids(version):
            return (
                Verdict.INDETERMINATE,
                f"lora_int_id comes from {first.desc} ({first.where}), which is negative for about "
                f"half of all paths; vLLM {version} then silently serves the base model",
                line,
                None,
            )
        notes.append(
            "hash() is negative for about half of all paths, and vLLM >= "
            f"{ID_CHECK_SINCE.series} raises ValueError for those"
        )
    vacuous = bound >= 1.0
    bound = min(bound, 1.0)
    assumed = f", assuming at most {ASSUMED_ADAPTERS:,} adapters" if unknown_length else ""
    text = (
        f"lora_int_id comes from {first.desc}{salted} ({first.where}); a stale serve needs two of "
        f"{count} adapters to collide modulo {modulus:,} while cached "
        f"(capacity {capacity}{assumed}): "
        f"probability at most {bound:.3g}"
    )
    if vacuous:  # the bound says nothing: as many ids as that may well meet
        text += ", so nothing here keeps two of them from sharing an id"
    if notes:
        text += "; " + "; ".join(notes)
    if bound > BOUND_LIMIT:
        return Verdict.INDETERMINATE, text, line, bound
    return Verdict.SAFE_PROBABILISTIC, text, line, bound
