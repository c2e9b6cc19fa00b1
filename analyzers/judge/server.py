"""Judge the adapter loads a driver sends to a vLLM server (`/v1/load_lora_adapter`).

The loads are replayed through the server's name -> id table (`analyzers/vllm/server.py`), which
asks the cache simulator what each one is served. This module turns abstract names and paths
into the table's strings, decides whether a refused reload really keeps a different adapter
(certainly, or only if a folder changed), and words the verdict.
"""

from __future__ import annotations

from collections.abc import Sequence

from analyzers.events import ReplayRecord
from analyzers.interpret.containers import key_text
from analyzers.interpret.trace import ServerLoad, ServerServe
from analyzers.interpret.values import Const, Sym, describe, label, same
from analyzers.judge.lifetimes import Instantiation
from analyzers.judge.outcome import Outcome
from analyzers.model import Verdict
from analyzers.vllm import api
from analyzers.vllm.releases import LOAD_INPLACE_SINCE, VllmVersion, has_load_inplace
from analyzers.vllm.server import Adapter, LoadKind, ServerTable

_LOAD_ROUTE = next(route for route in api.ROUTES if route.effect is api.Effect.LOAD)


def _unknown(load: ServerLoad) -> str | None:
    body = api.SERVER_BODY
    for what, value in ((body.name, load.request.name), (body.path, load.request.path)):
        if what == body.path and load.unload:
            continue
        if value is None or (isinstance(value, Sym) and value.opaque):
            origin = f" ({value.where})" if isinstance(value, Sym) and value.where else ""
            return (
                f"the {what} sent to {_LOAD_ROUTE.path} at {load.loc} is "
                f"{label(value)}{origin}, known only at run time"
            )
    return None


def judge_server(events: Sequence[ServerLoad | ServerServe], version: VllmVersion) -> Outcome:
    names = Instantiation()
    table: ServerTable[ServerLoad] = ServerTable(version)
    records: list[ReplayRecord] = []
    certain: list[tuple[ServerLoad, ServerLoad]] = []
    possible: list[tuple[ServerLoad, ServerLoad]] = []
    reloads: list[ServerLoad] = []
    after_unload: list[ServerLoad] = []
    outdated: list[tuple[ServerServe, ServerLoad, bool]] = []  # (serve, load, certainly)
    loads = [event for event in events if isinstance(event, ServerLoad)]
    for event in events:
        if isinstance(event, ServerServe):
            found = _serve(table, names, event)
            if found is not None:
                records.append(found[0])
                if found[0].stale:
                    outdated.append((event, found[1], found[2]))
            continue
        load = event
        unknown = _unknown(load)
        if unknown is not None:
            return Outcome(Verdict.INDETERMINATE, unknown, load.request.loc)
        key = f"{load.server}\0{key_text(load.request.name or Const(None))}"
        if load.unload:
            table.unload(key)
            continue
        inplace = isinstance(load.request.load_inplace, Const) and load.request.load_inplace.value
        adapter = Adapter(
            path=names.path(load.request.path),
            content=load.content.token(),
            name=describe(load.request.name) if load.request.name is not None else None,
        )
        answer = table.load(key, adapter, load, inplace=bool(inplace))
        records.append(answer.record)
        if answer.kind is LoadKind.AGAIN:
            after_unload.append(load)
        elif answer.kind is LoadKind.RELOADED:
            reloads.append(load)
        elif answer.kind is LoadKind.REFUSED:
            first = answer.served_by
            same_adapter = _same_adapter(first, load)
            # The cache compares strings; whether two abstract paths are one folder is decided
            # here, and a reload that may keep another adapter is shown as stale.
            answer.record.stale = same_adapter is not True
            if same_adapter is False:
                certain.append((load, first))
            elif same_adapter is None:
                possible.append((load, first))
    outcome = _outcome(loads, records, (certain, possible), (reloads, after_unload), version)
    if outdated and outcome.verdict is not Verdict.AFFECTED:
        outcome = _outdated(outcome, outdated)
    if outcome.verdict is not Verdict.AFFECTED:
        clash = _names_may_clash(loads, version)
        if clash is not None:
            later, earlier = clash
            if key_text(later.request.name or Const(None)) == key_text(
                earlier.request.name or Const(None)
            ):
                what = (
                    f"the load of adapter {label(later.request.name)} at {later.loc} goes to a "
                    f"server only known at run time, which may be the one loaded at "
                    f"{earlier.loc}"
                )
            else:
                what = (
                    f"the adapter name {label(later.request.name)} sent to "
                    f"{_LOAD_ROUTE.path} at {later.loc} is only known at run time and may be "
                    f"{label(earlier.request.name)}, the name loaded at {earlier.loc}"
                )
            return Outcome(
                Verdict.INDETERMINATE,
                f"{what}; if it is, the server refuses the second load (HTTP 400) and keeps "
                f"serving the first adapter",
                later.request.loc,
                records,
                len(records),
            )
    return outcome


def _serve(
    table: ServerTable[ServerLoad], names: Instantiation, serve: ServerServe
) -> tuple[ReplayRecord, ServerLoad, bool] | None:
    """What a generation naming an adapter is served: the record, the load it comes from, and
    whether its folder certainly (not only possibly) changed since. None: the name is no
    adapter loaded on that server (a base model, or a name only known at run time)."""
    name = key_text(serve.name or Const(None))
    key = f"{serve.server}\0{name}"
    load = table.holder(key)
    if load is None and not serve.server_known:
        # A client whose server the analysis cannot see (`OpenAI(base_url=...)`) naming an
        # adapter that one server it can see has loaded: that server.
        holders = [other for other in table.loaded() if other.endswith(f"\0{name}")]
        key = holders[0] if len(holders) == 1 else key
        load = table.holder(key)
    if load is None:
        return None
    now = serve.now.get(load.request.rid, load.content)
    adapter = Adapter(
        path=names.path(load.request.path),
        content=now.token(),
        name=describe(serve.name) if serve.name is not None else None,
    )
    record = table.serve(key, adapter)
    if record is None:
        return None
    return record, load, now.certain > load.content.certain


def _outdated(base: Outcome, outdated: list[tuple[ServerServe, ServerLoad, bool]]) -> Outcome:
    """A generation served an adapter as the server loaded it, after its folder changed."""
    sure = [item for item in outdated if item[2]]
    serve, load, certainly = (sure or outdated)[0]
    now = serve.now.get(load.request.rid)
    written = f" at {now.last_write}" if now is not None and now.last_write is not None else ""
    reason = (
        f"the server serves adapter {label(serve.name)} at {serve.loc} as it loaded it at "
        f"{load.loc}, after its folder was rewritten{written}: the server reads a folder only "
        f"when it loads it"
    )
    base.line = serve.loc
    base.focus = [(serve.loc, "served as loaded"), (load.loc, "folder read")]
    if certainly:
        base.verdict, base.reason, base.stale = Verdict.AFFECTED, reason, len(sure)
    else:
        base.verdict, base.reason = Verdict.INDETERMINATE, f"if the folder changed, {reason}"
    return base


def _names_may_clash(
    loads: Sequence[ServerLoad], version: VllmVersion
) -> tuple[ServerLoad, ServerLoad] | None:
    """A later load that may name an earlier one's adapter on the same server, for another
    folder, with no unload of that name between them and no in-place reload: the server would
    refuse it. The replay's table tells names and servers apart by their text; here two are
    known apart only when both are known (as ids are: a caller that names its adapters, or
    picks the port, may give two folders one name on one server)."""
    for index, later in enumerate(loads):
        if later.unload or _reloads_in_place(later, version):
            continue
        for position in range(index):
            earlier = loads[position]
            if earlier.unload or not _may_share_table_entry(earlier, later):
                continue
            if _named_by_folder(earlier, later):
                continue
            if not (
                _same_adapter(earlier, later) or _unloaded(loads[position + 1 : index], earlier)
            ):
                return later, earlier
    return None


def _named_by_folder(first: ServerLoad, second: ServerLoad) -> bool:
    """Both loads name their adapter by its folder (`{"lora_name": model_id, "lora_path":
    model_id}`) and the run wrote into neither folder: one name is one folder, so a second
    load of a name the first used is a refused reload of the same weights."""

    def named_by_folder(load: ServerLoad) -> bool:
        name, path = load.request.name, load.request.path
        return name is not None and path is not None and key_text(name) == key_text(path)

    return (
        named_by_folder(first)
        and named_by_folder(second)
        and first.content.token() is None
        and second.content.token() is None
    )


def _may_share_table_entry(first: ServerLoad, second: ServerLoad) -> bool:
    """Whether two loads may name one adapter of one server, where the replay's table (which
    compares their texts) keeps them apart."""
    same_server = first.server == second.server
    if not same_server and first.server_known and second.server_known:
        return False
    one, two = first.request.name, second.request.name
    same_name = isinstance(one, Const) and isinstance(two, Const) and one == two
    if isinstance(one, Sym) and isinstance(two, Sym) and one.key == two.key:
        same_name = True
    if same_server and same_name:
        return False  # one table entry: the replay itself decides
    if same_name:
        return True
    known_apart = isinstance(one, Const) and isinstance(two, Const)
    return not known_apart and (isinstance(one, Sym) or isinstance(two, Sym))


def _reloads_in_place(load: ServerLoad, version: VllmVersion) -> bool:
    asked = load.request.load_inplace
    return isinstance(asked, Const) and bool(asked.value) and has_load_inplace(version)


def _unloaded(between: Sequence[ServerLoad], earlier: ServerLoad) -> bool:
    return any(
        load.unload
        and load.request.name is not None
        and earlier.request.name is not None
        and same(load.request.name, earlier.request.name) is True
        for load in between
    )


def _same_adapter(first: ServerLoad, later: ServerLoad) -> bool | None:
    if first.request.path is None or later.request.path is None:
        return None
    answer = same(first.request.path, later.request.path)
    if answer is not True:
        return answer
    if later.content.certain != first.content.certain:
        return False
    return None if later.content.possible != first.content.possible else True


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
    first = next((load for load in loads if not load.unload), None)
    if first is None:  # only unloads: nothing is served (the caller normally filters these)
        only = loads[0]
        return Outcome(
            Verdict.NO_REALIZED_RUN,
            f"adapters are only unloaded ({only.loc}); nothing is loaded or served here",
            only.loc,
        )
    base = Outcome(Verdict.SAFE_SINGLE_ADAPTER, "", first.request.loc, records, len(records))
    if certain or possible:
        later, earlier = (certain or possible)[0]
        asked = later.request.load_inplace
        note = ""
        if isinstance(asked, Const) and asked.value and not has_load_inplace(version):
            note = (
                f"; load_inplace needs vLLM >= {LOAD_INPLACE_SINCE.series}, and this is {version}"
            )
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
