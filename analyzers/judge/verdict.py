"""One verdict from one interpreted run: replay it per engine lifetime, then name what was found.

Accuracy first: a stale serve that is certain makes the run `Affected`; one that depends on a
value the analysis cannot see, or ids only known at run time, makes it `Indeterminate` with the
exact unknown named; only then is a `Safe-*` kind chosen, from how the repeats were kept apart.
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzers.files.parsing import Loc
from analyzers.interpret.objects import EngineV
from analyzers.interpret.trace import (
    Escaped,
    OpaqueServe,
    Pinned,
    Referenced,
    Removed,
    Served,
    ServerLoad,
    ServerServe,
    Trace,
)
from analyzers.interpret.values import (
    Concat,
    Const,
    Hashed,
    Residue,
    Sym,
    Value,
    as_int,
    describe,
    label,
    same,
)
from analyzers.judge.lifetimes import (
    LARGE_CAPACITY,
    Groups,
    Instantiation,
    Replayed,
    RunView,
    Stale,
    lifetimes,
    reloads,
    replay_lifetime,
)
from analyzers.judge.outcome import MAX_RECORDS, Outcome, rests_on_order, worst
from analyzers.judge.reasons import crash_notes, describe_stale, unknown_id
from analyzers.judge.safe import describe_safe
from analyzers.judge.server import judge_server
from analyzers.judge.skipping import fragile_repeat
from analyzers.model import Verdict
from analyzers.vllm.releases import VllmVersion


def judge(trace: Trace, versions: Sequence[VllmVersion]) -> dict[VllmVersion, Outcome] | None:
    """The outcome of one run at each version, or None when it touches no adapter at all."""
    served = [fact for fact in trace.facts if isinstance(fact, Served)]
    loads = [fact for fact in trace.facts if isinstance(fact, ServerLoad)]
    server = [fact for fact in trace.facts if isinstance(fact, ServerLoad | ServerServe)]
    if not served and all(load.unload for load in loads):
        # Nothing is loaded (a client that only unloads): no adapter is served by this run.
        quiet = _without_serves(trace)
        return None if quiet is None else dict.fromkeys(versions, quiet)
    results: dict[VllmVersion, Outcome] = {}
    for version in versions:
        outcomes = [_at_version(trace, served, version)] if served else []
        if any(not load.unload for load in loads):
            outcomes.append(judge_server(server, version))
        results[version] = worst(outcomes)
    return results


def _without_serves(trace: Trace) -> Outcome | None:
    opaque = [fact for fact in trace.facts if isinstance(fact, OpaqueServe)]
    if opaque:
        served = opaque[0]
        return Outcome(
            Verdict.INDETERMINATE,
            f"the lora_request served at {served.loc} is {served.desc}, which the analysis "
            f"cannot follow",
            served.loc,
            focus=[(served.loc, f"lora_request={served.desc}")],
        )
    escaped = [fact for fact in trace.facts if isinstance(fact, Escaped)]
    if escaped:
        gone = escaped[0]
        return Outcome(
            Verdict.INDETERMINATE,
            f"the LoRARequest built at {gone.request.loc} is handed to {gone.callee}() at "
            f"{gone.loc}, which the analysis cannot see into; it may be served there",
            gone.request.loc,
            focus=[(gone.loc, f"passed to {gone.callee}()")],
        )
    if trace.requests or trace.mock_serves:
        first_loc = trace.requests[0].loc if trace.requests else trace.mock_serves[0]
        mock = bool(trace.mock_serves) or any(r.mock for r in trace.requests)
        what = "a mock stands in for vLLM" if mock else "no engine is ever asked to serve them"
        if trace.refused and not mock:
            built, refused_at = trace.refused[0]
            what = (
                f"the engine built at {built} has LoRA off (no enable_lora=True), so vLLM "
                f"refuses the request served at {refused_at} (ValueError: LoRA is not enabled)"
            )
        text = f"LoRARequest objects are built ({first_loc}) but {what}"
        if not trace.requests:  # `@patch("sidecar.requests.post")`: the load's post is a mock
            text = f"the adapter loads posted at {first_loc} go to a mock, not to a vLLM server"
        return Outcome(
            Verdict.NO_REALIZED_RUN,
            text,
            first_loc,
            focus=[(first_loc, "request built, never served")],
            mocked=mock,
        )
    return None


def _capacity_choices(engine: EngineV) -> list[tuple[int | None, int | None]]:
    if engine.capacity_known:
        return [(as_int(engine.max_loras), as_int(engine.max_cpu_loras))]
    return [(1, None), (as_int(engine.max_loras), LARGE_CAPACITY)]


def _at_version(trace: Trace, served: list[Served], version: VllmVersion) -> Outcome:
    groups: Groups = lifetimes(trace.facts)
    engines = {fact.engine.eid: fact.engine for fact in served}
    choices = {eid: _capacity_choices(engine) for eid, engine in engines.items()}
    rounds = max(len(options) for options in choices.values())
    outcomes: list[Outcome] = []
    for round_index in range(rounds):
        names = Instantiation()
        replayed = Replayed()
        for (eid, _), events in groups.items():
            options = choices.get(eid) or [(None, None)]
            engine = events[0].engine
            option = options[min(round_index, len(options) - 1)]
            replay_lifetime(
                events, engine=engine, capacity=option, version=version, names=names, out=replayed
            )
        view = RunView(trace, served, groups, engines, choices, round_index, version)
        outcomes.append(_classify(view, replayed))
    if len({outcome.verdict for outcome in outcomes}) > 1:
        unknown = next(e for e in engines.values() if not e.capacity_known)
        base = worst(outcomes)
        given = next(
            (
                describe(value)
                for value in (unknown.max_cpu_loras, unknown.max_loras)
                if isinstance(value, Sym) and not value.opaque
            ),
            None,
        )
        size = f" ({given}, only known at run time)" if given else ", which the analysis cannot see"
        return Outcome(
            Verdict.INDETERMINATE,
            f"whether a repeated lora_int_id is stale depends on the cache size (max_loras / "
            f"max_cpu_loras) of the engine at {unknown.loc}{size}: with 1 adapter, "
            f"{outcomes[0].verdict.value}; with more, {outcomes[-1].verdict.value}",
            base.line,
            base.records,
            base.requests,
            0,
            focus=base.focus,
        )
    return outcomes[0]


def _classify(view: RunView, replayed: Replayed) -> Outcome:
    trace, served = view.trace, view.served
    records = [record for _, record in replayed.records][:MAX_RECORDS]
    notes = crash_notes(replayed, view.version)

    def outcome(verdict: Verdict, reason: str, line: Loc | None, focus: str = "") -> Outcome:
        found = Outcome(verdict, reason, line, records, len(served), notes=notes)
        if focus and line is not None:
            found.focus.append((line, focus))
        return found

    certain = [item for item in replayed.stale if item.certain]
    across = _only_across_calls(certain)
    if across is not None and across.served.engine.kind == "implicit":
        text = (
            f"{trace.entry}() serves lora_int_id {_id_text(across)} "
            f"on an engine its caller passes in; a caller that passes the same engine for "
            f"a second adapter is served the first one ({across.served.loc})"
        )
        if across.served.via.startswith("returned by"):
            # A request factory: its callers serve what it hands back (library mode).
            text = (
                f"the request {across.served.via} (built at {across.served.request.loc}) has "
                f"lora_int_id {_id_text(across)} for every adapter; a caller that serves two "
                f"adapters from it through one engine is served the first one"
            )
        return outcome(Verdict.INDETERMINATE, text, across.served.request.loc, "stale across calls")
    if certain and trace.cache_patches:
        reason, line, _ = describe_stale(certain, view)
        text = (
            f"vLLM's adapter cache is monkeypatched ({trace.cache_patches[0]}), so whether a "
            f"repeated lora_int_id is re-read depends on the patched code; with vLLM's own "
            f"cache: {reason}"
        )
        return outcome(Verdict.INDETERMINATE, text, line, "cache code replaced")
    if certain:
        reason, line, focus = describe_stale(certain, view)
        result = outcome(Verdict.AFFECTED, reason, line)
        result.stale, result.focus = len(certain), focus
        return result
    if replayed.config_errors:
        text = f"vLLM would refuse the engine arguments: {replayed.config_errors[0]}"
        return outcome(Verdict.INDETERMINATE, text, served[0].loc)
    unknown = unknown_id(replayed)
    if unknown is not None:
        return outcome(Verdict.INDETERMINATE, unknown[0], unknown[1], "lora_int_id unknown")
    blocked = _without_serves(_only_unknown_serves(trace))
    if blocked is not None and blocked.verdict is Verdict.INDETERMINATE:
        result = outcome(blocked.verdict, blocked.reason, blocked.line)
        result.focus = blocked.focus
        return result
    possible = [item for item in replayed.stale if not item.certain]
    if possible:
        first = possible[0]
        lora_id = describe(first.served.lora_id) if first.served.lora_id is not None else "?"
        text = (
            f"the request at {first.served.loc} reuses lora_int_id {lora_id}, and it is stale "
            f"only if {first.why_uncertain}"
        )
        return outcome(Verdict.INDETERMINATE, text, first.served.loc, "possibly stale")
    related = _related_unknown_ids(view.groups, view.version)
    if related is not None:
        return outcome(Verdict.INDETERMINATE, related[0], related[1], "ids known only at run time")
    verdict, reason, line, bound = describe_safe(view)
    touched = _unknown_touch(view) if verdict is Verdict.SAFE_BY_EVICTION else None
    if touched is not None:
        text = (
            f"{reason}; but the request at {touched.loc} uses an id read back from the engine, "
            f"and which adapter it touches decides what LRU evicts next"
        )
        return outcome(Verdict.INDETERMINATE, text, touched.loc, "resident id unknown")
    kept_apart = _kept_apart(view.groups, view.version)
    if kept_apart is not None and verdict is Verdict.SAFE_DISTINCT_ID:
        earlier, later, removed = kept_apart
        verdict, line = Verdict.SAFE_BY_EVICTION, later.request.loc
        how = (
            f"{removed.via} at {removed.loc} drops the id before the second request"
            if removed is not None
            else f"the second request reloads it (LoRARequest(load_inplace=True) at "
            f"{later.request.loc})"
        )
        reason = (
            f"the ids {label(earlier.lora_id)} ({earlier.request.loc}) and "
            f"{label(later.lora_id)} are only known at run time and may be equal, but "
            f"{how}, so it was evicted before every repeat"
        )
    result = outcome(verdict, reason, line)
    result.bound = bound
    if verdict is Verdict.AFFECTED:
        # Fewer ids than adapters, all cached (`safe._crowded`): a stale serve is certain, though
        # which request it is depends on the digests, so no replay record can be named.
        result.stale = 1
    if rests_on_order(verdict):
        also = [kept_apart[1:]] if kept_apart is not None else []
        result.survives_skipping = fragile_repeat(view, also) is None
    return result


def _unknown_touch(view: RunView) -> Referenced | None:
    """A request for a resident id the analysis cannot name, on an engine holding more than
    one adapter: it moves that adapter to the front of the LRU order, whichever it is."""
    for fact in view.trace.facts:
        if isinstance(fact, Referenced) and view.capacity(fact.engine) != 1:
            return fact
    return None


def _id_text(stale: Stale) -> str:
    return describe(stale.served.lora_id) if stale.served.lora_id is not None else "?"


def _only_across_calls(stale: list[Stale]) -> Stale | None:
    """The first stale serve when every one of them spans two calls of an entry function."""
    spans = [
        item
        for item in stale
        if item.loaded_by is not None and item.loaded_by.call < item.served.call
    ]
    return spans[0] if stale and len(spans) == len(stale) else None


def _only_unknown_serves(trace: Trace) -> Trace:
    served_ids = {fact.request.rid for fact in trace.facts if isinstance(fact, Served)}
    kept = [
        fact
        for fact in trace.facts
        if isinstance(fact, OpaqueServe)
        or (isinstance(fact, Escaped) and fact.request.rid not in served_ids)
    ]
    return Trace(facts=kept)  # type: ignore[arg-type]


def _related_unknown_ids(groups: Groups, version: VllmVersion) -> tuple[str, Loc] | None:
    """Two requests in one lifetime whose ids may be equal at run time, for different paths,
    with nothing between them that makes the second one a miss."""
    for events in groups.values():
        seen: list[tuple[int, Served]] = []
        for index, event in enumerate(events):
            if not isinstance(event, Served) or isinstance(event.lora_id, Hashed):
                continue
            for start, other in seen:
                if (
                    _ids_may_collide(other, event)
                    and not reloads(event, version)
                    and not _invalidated_between(events[start + 1 : index], other, event)
                ):
                    return _collision_text(other, event), event.request.loc
            seen.append((index, event))
    return None


def _collision_text(first: Served, second: Served) -> str:
    """Two ids that may be equal: both only known at run time, or one known and one not."""
    one, two = ((describe(s.lora_id or Const(None)), s.request.loc) for s in (first, second))
    if isinstance(first.lora_id, Const) or isinstance(second.lora_id, Const):
        (unknown, at), (known, known_at) = (
            (two, one) if isinstance(first.lora_id, Const) else (one, two)
        )
        return (
            f"lora_int_id {unknown} ({at}) is only known at run time and may be {known}, the id "
            f"of the request at {known_at}; if it is, the second request is served the first "
            f"adapter"
        )
    return (
        f"lora_int_id {one[0]} ({one[1]}) and {two[0]} ({two[1]}) are only known at run time; "
        f"if they are equal, the second request is served the first adapter"
    )


def _invalidated_between(
    between: Sequence[Served | Removed | Pinned], first: Served, second: Served
) -> Removed | None:
    """The drop (`remove_lora(id)`) between two requests of an id they may share: if their
    ids are equal, removing either one's id makes the second a miss."""
    for event in between:
        if isinstance(event, Removed) and any(
            served.lora_id is not None and same(event.lora_id, served.lora_id) is True
            for served in (first, second)
        ):
            return event
    return None


def _kept_apart(
    groups: Groups, version: VllmVersion
) -> tuple[Served, Served, Removed | None] | None:
    """Two requests whose run-time ids may be equal, kept apart only by a drop between them
    (returned) or by the second one reloading (None)."""
    for events in groups.values():
        for index, event in enumerate(events):
            if not isinstance(event, Served) or isinstance(event.lora_id, Hashed):
                continue
            for start in range(index):
                other = events[start]
                if isinstance(other, Served) and _ids_may_collide(other, event):
                    removed = _invalidated_between(events[start + 1 : index], other, event)
                    if removed is not None or reloads(event, version):
                        return other, event, removed
    return None


def _ids_may_collide(first: Served, second: Served) -> bool:
    a, b = first.lora_id, second.lora_id
    if a is None or b is None or not (isinstance(a, Sym) or isinstance(b, Sym)):
        return False
    if isinstance(a, Sym) and isinstance(b, Sym) and a.key == b.key and same(a, b) is not None:
        return False  # one input: equal or apart whatever it is (remainders may depend on it)
    if first.path is None or second.path is None:
        return True
    if same(first.path, second.path):
        return False
    # Ids and paths made of one input each (`id=step`, `f"{run}/checkpoint-{step}"`): where
    # the ids are equal the inputs are, and so are the paths: a hit of the same adapter, if
    # nothing may have written into either folder (a slot rewritten every other step is new
    # weights under the same id and folder).
    if (
        isinstance(a, Sym)
        and isinstance(b, Sym)
        and not (a.opaque or b.opaque)
        # A remainder is no input shifted: equal remainders may come from unequal places.
        and not isinstance(a, Residue)
        and not isinstance(b, Residue)
        and first.content.token() is None
        and second.content.token() is None
    ):
        return same(first.path, _as_if_equal(second.path, b, a)) is not True
    return True


def _as_if_equal(value: Value, old: Sym, new: Sym) -> Value:
    """`value` where the input of `old` is the input of `new`, as when `old == new`."""
    if isinstance(value, Sym) and value.key == old.key:
        return new.shifted(value.offset - old.offset)
    if isinstance(value, Concat):
        return Concat(tuple(_as_if_equal(part, old, new) for part in value.parts))
    return value
