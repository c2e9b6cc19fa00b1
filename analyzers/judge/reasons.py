"""The sentences that say why a run is stale, failed, or rests on an id known only at run time."""

from __future__ import annotations

from collections.abc import Sequence

from analyzers.files.parsing import Loc
from analyzers.interpret.containers import key_text
from analyzers.interpret.folders import LATER_ITEM, PROCESS_ITEM, TASK_ITEM, THREAD_ITEM
from analyzers.interpret.values import Const, Sym, describe, label
from analyzers.judge.lifetimes import Replayed, RunView, Stale, payload_difference
from analyzers.vllm.cache import NO_LOAD_INPLACE
from analyzers.vllm.releases import VllmVersion, has_load_inplace

# What serves a folder beside the run's writes (`interpret/later_serves.py`), in the row's words.
_SERVED_BESIDE = {
    LATER_ITEM: "between two items of a generator that serves it",
    THREAD_ITEM: "while a thread the run started serves it",
    PROCESS_ITEM: "while a process the run started serves it",
    TASK_ITEM: "while an asyncio task the run started serves it",
}


def describe_stale(stale: Sequence[Stale], view: RunView) -> tuple[str, Loc, list[tuple[Loc, str]]]:
    served = view.served
    first = stale[0]
    event, source = first.served, first.loaded_by
    engine = event.engine
    same_lifetime = [s for s in served if s.engine.eid == engine.eid and s.proc == event.proc]
    count = sum(
        1 for s in stale if s.served.engine.eid == engine.eid and s.served.proc == event.proc
    )
    where = (
        f"{engine.kind} at {engine.loc}"
        if engine.kind not in ("implicit", "held")
        else f"the engine `{engine.desc}`"
    )
    focus = [(event.loc, "served a stale adapter")]
    lead = f"lora_int_id {label(event.lora_id)} is reused"
    if source is None:
        detail = f"the request at {event.loc} gets the base model (id {label(event.lora_id)} < 1)"
        lead = f"lora_int_id {label(event.lora_id)} is not a valid adapter id"
    elif (
        key_text(source.path or Const(None)) == key_text(event.path or Const(None))
        and event.intended_path is None
        and (changed := payload_difference(source.content, event.content)) is not None
    ):
        detail = (
            f"the request at {event.loc} carries new content ({changed[0]}) for "
            f"{label(event.path)} but is served the adapter cached at {source.loc}"
        )
        lead += " with new content"
    elif (
        key_text(source.path or Const(None)) == key_text(event.path or Const(None))
        and event.intended_path is None
    ):
        write = event.content.last_write
        rewritten = (
            f"may be rewritten by another process (the run watches its modification time at "
            f"{write})"
            if event.content.rewriter == "process"
            else f"may be rewritten by a thread the run started (it writes at {write})"
            if event.content.rewriter == "thread"
            else f"may be rewritten by a generator the run iterates, between two of its items "
            f"(it writes at {write})"
            if event.content.rewriter == "generator"
            else f"may be rewritten at {write} {_SERVED_BESIDE[event.content.rewriter]}"
            if event.content.rewriter in _SERVED_BESIDE
            else f"is rewritten by the repository's client that posts it here (it saves the "
            f"weights at {write} before each post)"
            if event.content.rewriter == "client"
            else f"is rewritten{f' at {write}' if write else ''}"
        )
        detail = (
            f"{label(event.path)} {rewritten} but the request at {event.loc} is served the copy "
            f"cached at {source.loc}"
        )
        lead += " for a folder whose weights change"
        if write is not None:
            focus.append((write, "adapter folder rewritten"))
    else:
        wanted = event.intended_path if event.intended_path is not None else event.path
        given = label(source.path)
        if given == label(wanted):  # two results of one unseen call (a watcher's two polls)
            given = "another value of it"
        detail = (
            f"the request for {label(wanted)} at {event.loc} is served {given}, "
            f"loaded by an earlier request at {source.loc}"
        )
        if event.intended_path is not None:
            lead = f"a memoised LoRARequest (lora_int_id {label(event.lora_id)}) is reused"
        focus.append((source.loc, "adapter that was served instead"))
    if view.trace.entry and source is not None and source.call < event.call:
        lead = f"when {view.trace.entry}() is called again for another adapter, {lead}"
    # an id vLLM does not cache needs no invalidation to go wrong
    invalidation = " without invalidation" if source is not None else ""
    reason = (
        f"{lead}{invalidation} in {where} ({view.capacity_text(engine)}): "
        f"{count} of {len(same_lifetime)} requests are stale; {detail}"
    )
    return reason, event.request.loc, focus


def crash_notes(replayed: Replayed, version: VllmVersion) -> list[str]:
    notes = []
    for event, error in replayed.errors[:1]:
        if error == NO_LOAD_INPLACE and not has_load_inplace(version):
            notes.append(
                f"on vLLM {version} the LoRARequest(load_inplace=True) at {event.request.loc} "
                f"raises TypeError"
            )
        else:
            notes.append(f"on vLLM {version} the request at {event.loc} fails: {error}")
    return notes


def unknown_id(replayed: Replayed) -> tuple[str, Loc] | None:
    if not replayed.unknown_ids:
        return None
    event = replayed.unknown_ids[0]
    value = event.lora_id
    where = event.request.loc
    if value is None:
        return f"the LoRARequest at {where} has no lora_int_id the analysis can see", where
    if isinstance(value, Const):
        return f"lora_int_id at {where} is {value.value!r}, not an int", where
    if isinstance(value, Sym):
        origin = f" ({value.where})" if value.where else ""
        return f"lora_int_id comes from {value.describe()}{origin}, known only at run time", where
    return f"lora_int_id at {where} is {describe(value)}, known only at run time", where


def only_when(reason: str, inputs: Sequence[str], otherwise: str) -> str:
    """Name the run-time inputs a verdict rests on, and what the other values give."""
    shown = " and ".join(inputs[:3]) + (" and …" if len(inputs) > 3 else "")
    return f"{reason.rstrip('.')}; only with {shown} (otherwise {otherwise})"
