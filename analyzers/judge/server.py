"""Replay adapter loads sent to a vLLM server (`/v1/load_lora_adapter`) and judge them.

The server keys adapters by name: a load of a name that is already loaded is refused (HTTP
400) and the name keeps serving its first path, whatever the worker cache holds, unless the
load asks for `load_inplace` on vLLM >= 0.15. Unloading forgets the name, so the next load gets
a fresh id from the server's counter and really reads its folder.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from analyzers.events import ReplayRecord
from analyzers.interpret.containers import key_text
from analyzers.interpret.trace import ServerLoad
from analyzers.interpret.values import Const, Sym, describe, label, same
from analyzers.judge.lifetimes import Instantiation
from analyzers.judge.outcome import Outcome
from analyzers.model import Verdict
from analyzers.vllm.releases import VllmVersion, has_load_inplace


@dataclass
class _Loaded:
    lora_id: int
    load: ServerLoad


def _unknown(load: ServerLoad) -> str | None:
    for what, value in (("lora_name", load.request.name), ("lora_path", load.request.path)):
        if what == "lora_path" and load.unload:
            continue
        if value is None or (isinstance(value, Sym) and value.opaque):
            origin = f" ({value.where})" if isinstance(value, Sym) and value.where else ""
            return (
                f"the {what} sent to /v1/load_lora_adapter at {load.loc} is "
                f"{label(value)}{origin}, known only at run time"
            )
    return None


def judge_server(loads: Sequence[ServerLoad], version: VllmVersion) -> Outcome:
    names = Instantiation()
    records: list[ReplayRecord] = []
    certain: list[tuple[ServerLoad, ServerLoad]] = []
    possible: list[tuple[ServerLoad, ServerLoad]] = []
    loaded: dict[tuple[str, str], _Loaded] = {}
    reloads: list[ServerLoad] = []
    after_unload: list[ServerLoad] = []
    seen: set[tuple[str, str]] = set()
    counter = 0
    for load in loads:
        unknown = _unknown(load)
        if unknown is not None:
            return Outcome(Verdict.INDETERMINATE, unknown, load.request.loc)
        key = (load.server, key_text(load.request.name or Const(None)))
        if load.unload:
            loaded.pop(key, None)
            continue
        current = loaded.get(key)
        inplace = isinstance(load.request.load_inplace, Const) and load.request.load_inplace.value
        if current is None:
            counter += 1
            if key in seen:
                after_unload.append(load)
            seen.add(key)
            loaded[key] = _Loaded(counter, load)
            records.append(_record(names, counter, load, load, loaded=True))
            continue
        if inplace and has_load_inplace(version):
            reloads.append(load)
            loaded[key] = _Loaded(current.lora_id, load)
            records.append(_record(names, current.lora_id, load, load, loaded=True))
            continue
        first = current.load
        record = _record(names, current.lora_id, load, first, loaded=False)
        answer = _same_adapter(first, load)
        record.stale = answer is not True
        records.append(record)
        if answer is False:
            certain.append((load, first))
        elif answer is None:
            possible.append((load, first))
    return _outcome(loads, records, (certain, possible), (reloads, after_unload), version)


def _same_adapter(first: ServerLoad, later: ServerLoad) -> bool | None:
    if first.request.path is None or later.request.path is None:
        return None
    answer = same(first.request.path, later.request.path)
    if answer is not True:
        return answer
    if later.content.certain != first.content.certain:
        return False
    return None if later.content.possible != first.content.possible else True


def _record(
    names: Instantiation, lora_id: int, load: ServerLoad, source: ServerLoad, *, loaded: bool
) -> ReplayRecord:
    return ReplayRecord(
        id=lora_id,
        requested=names.path(load.request.path),
        served=names.path(source.request.path),
        name=describe(load.request.name) if load.request.name is not None else None,
        requested_content=load.content.token(),
        served_content=source.content.token(),
        loaded=loaded,
    )


_Pairs = list[tuple[ServerLoad, ServerLoad]]


def _outcome(
    loads: Sequence[ServerLoad],
    records: list[ReplayRecord],
    stale: tuple[_Pairs, _Pairs],
    fresh: tuple[list[ServerLoad], list[ServerLoad]],
    version: VllmVersion,
) -> Outcome:
    certain, possible = stale
    reloads, after_unload = fresh
    first = next(load for load in loads if not load.unload)
    base = Outcome(Verdict.SAFE_SINGLE_ADAPTER, "", first.request.loc, records, len(records))
    if certain or possible:
        later, earlier = (certain or possible)[0]
        asked = later.request.load_inplace
        note = ""
        if isinstance(asked, Const) and asked.value and not has_load_inplace(version):
            note = f"; load_inplace needs vLLM >= 0.15, and this is {version}"
        path = label(earlier.request.path)
        if (
            later.request.path is not None
            and earlier.request.path is not None
            and same(later.request.path, earlier.request.path)
        ):
            kept = f"the copy of {path} loaded at {earlier.loc}, although the folder was rewritten"
        else:
            kept = f"{path} loaded at {earlier.loc} instead of {label(later.request.path)}"
        base.reason = (
            f"the server refuses to load adapter {label(later.request.name)} again at "
            f"{later.loc} (HTTP 400, already loaded), so it keeps serving {kept}{note}"
        )
        base.line = later.request.loc
        base.focus = [(later.loc, "reload refused"), (earlier.loc, "adapter kept")]
        if certain:
            base.verdict, base.stale = Verdict.AFFECTED, len(certain)
        else:
            base.verdict = Verdict.INDETERMINATE
            base.reason = f"if the folder changed, {base.reason}"
        return base
    served = [load for load in loads if not load.unload]
    if reloads:
        base.verdict = Verdict.SAFE_BY_EVICTION
        base.reason = (
            f"adapter {label(reloads[0].request.name)} is loaded again with load_inplace at "
            f"{reloads[0].loc}, which makes the server re-read it"
        )
    elif after_unload:
        base.verdict = Verdict.SAFE_DISTINCT_ID
        base.reason = (
            "every adapter name is unloaded before it is loaded again, so each load gets a "
            "fresh id from the server"
        )
    elif len({key_text(load.request.name or Const(None)) for load in served}) > 1:
        base.verdict = Verdict.SAFE_DISTINCT_ID
        base.reason = (
            "every adapter is loaded under its own name, and the server gives each its own id"
        )
    else:
        base.reason = f"one adapter ({label(first.request.path)}) is loaded into the server"
    return base
