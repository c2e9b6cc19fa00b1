"""vLLM's offline API on abstract values: `LoRARequest`, engines, the calls that load adapters.

Which names exist and what each does to the cache is `analyzers/vllm/api.py`; this module only
turns those calls into trace facts. Names are resolved through imports before they get here
(`from vllm import LLM as Engine` still arrives as `vllm.LLM`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import concurrency, containers, versions, worker_extension
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.folders import concurrent_writes, content_at, from_directory
from analyzers.interpret.objects import (
    EngineArgsV,
    EngineV,
    MockV,
    NamespaceV,
    RequestV,
    argument_of,
    object_key,
)
from analyzers.interpret.signals import Raised
from analyzers.interpret.trace import (
    EngineBuilt,
    OpaqueServe,
    Pinned,
    Referenced,
    Removed,
    Served,
)
from analyzers.interpret.values import (
    NONE,
    BoundExt,
    Const,
    ListV,
    SeqSym,
    Sym,
    Value,
    describe,
    is_none,
    same,
)
from analyzers.vllm import api
from analyzers.vllm.releases import LOAD_INPLACE_SINCE

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Frame, Machine

VERSION_GATE = f"vllm-before-{LOAD_INPLACE_SINCE.series}"  # the oracle's name for the fork
_ID, _NAME, _PATH = api.FIELDS["lora_int_id"], api.FIELDS["lora_name"], api.FIELDS["lora_path"]
_LOCAL_PATH, _INPLACE = api.FIELDS["lora_local_path"], api.FIELDS["load_inplace"]
RESIDENT_PREFIX = "resident#"  # the key of what `list_loras()` answered, then the engine's id


@dataclass(eq=False)
class ResidentIds(SeqSym):
    """What `engine.list_loras()` answered, on an engine the run loaded adapters into."""

    engine: EngineV | None = None


def resident_test(m: Machine, item: Value, container: Value, loc: Loc) -> bool | None:
    """`1 in engine.list_loras()`: whether the cache holds the id is the world's decision.

    A world where it does not is told to the replay as a drop of that id (`Removed`): the
    cache then holds it no more than it did, so a guard such as `if 1 in llm.list_loras():
    llm.remove_lora(1)` leaves the id out of the cache in either world, as it does in vLLM.
    """
    if not isinstance(container, ResidentIds) or container.engine is None:
        return None
    if not isinstance(item, Const) or type(item.value) is not int:
        return None
    engine = container.engine
    text = f"whether lora_int_id {item.value} is loaded in {engine.kind} at {loc}"
    if m.ask(text, f"resident:{engine.eid}:{item.value}:{loc}", default=True):
        return True
    needs = m.drop_needs("remove_lora")
    m.trace.facts.append(Removed(engine, item, loc, m.proc, "list_loras", m.place(), needs))
    return False


def mentions_lora(args: CallArgs) -> bool:
    if api.REQUEST_KEYWORD in args.keywords:
        return True
    return any(_is_request(value) for value in args.positional)


def names_an_id(args: CallArgs, method: str) -> bool:
    """Whether an invalidation call (`remove_lora(id)`) is handed an id where vLLM takes it."""
    entry = api.ENGINE_METHOD.get(method)
    if entry is None or entry.argument is None:
        return False
    return args.get(*entry.argument) is not None


def _is_request(value: Value) -> bool:
    if isinstance(value, RequestV):
        return True
    return isinstance(value, ListV) and any(isinstance(item, RequestV) for item in value.items)


def call_vllm(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    parts = qual.split(".")
    last = parts[-1]
    if last in api.REQUEST_CLASS_NAMES:
        return build_request(m, args, loc)
    if last in api.ARGS_CLASS_NAMES:
        return EngineArgsV(dict(args.keywords), args.star_star is not None, _literal(args))
    if last == api.ARGS_FROM_CLI and len(parts) >= 2 and parts[-2] in api.ARGS_CLASS_NAMES:
        source = args.positional[0] if args.positional else None
        if isinstance(source, NamespaceV):
            return EngineArgsV(dict(source.attrs))
        return EngineArgsV({}, unknown_rest=True)
    if last in api.ENGINE_CONSTRUCTORS and len(parts) >= 2 and parts[-2] in api.ENGINE_CLASS_NAMES:
        source = args.get(0, "engine_args")
        if isinstance(source, EngineArgsV):
            kwargs, rest, literal = source.kwargs, source.unknown_rest, source.literal
            return build_engine(m, parts[-2], kwargs, rest, loc, literal=literal)
        return build_engine(m, parts[-2], {}, True, loc)
    if last in api.ENGINE_CLASS_NAMES:
        rest = args.star_star is not None
        return build_engine(m, last, dict(args.keywords), rest, loc, literal=_literal(args))
    return None


def _literal(args: CallArgs) -> bool:
    """Whether every setting of the call is written in it: no `*args` or `**kwargs` (a dict
    the analysis read may still miss what a command line adds, `EngineArgs.add_cli_args`)."""
    if args.star is not None or args.star_star is not None or args.call is None:
        return False
    node = args.call[1]
    return (
        isinstance(node, ast.Call)
        and not any(isinstance(arg, ast.Starred) for arg in node.args)
        and all(keyword.arg is not None for keyword in node.keywords)
    )


def build_engine(
    m: Machine,
    kind: str,
    kwargs: dict[str, Value],
    unknown_rest: bool,
    loc: Loc,
    *,
    literal: bool = False,
) -> EngineV:
    """`literal`: every setting is written in the call that builds it (`_literal`), so an
    `enable_lora` not among them is off."""
    engine = EngineV(m.serial(), kind, loc, desc=loc.code, proc=m.proc)
    configure_engine(engine, kwargs, unknown_rest)
    enable = kwargs.get(_ENABLE)
    engine.lora_off = literal and (
        enable is None or (isinstance(enable, Const) and enable.value is False)
    )
    m.trace.facts.append(EngineBuilt(engine, loc))
    return engine


def configure_engine(engine: EngineV, kwargs: dict[str, Value], unknown_rest: bool) -> None:
    """The settings an engine is built with: its cache's capacity, its worker extension. A
    repository subclass's `super().__init__(...)` sets them again (`engine_method`)."""
    max_loras = kwargs.get(api.CAPACITY_ARGUMENTS["max_loras"])
    max_cpu = kwargs.get(api.CAPACITY_ARGUMENTS["max_cpu_loras"])
    known = all(value is None or _positive_int(value) for value in (max_loras, max_cpu))
    if unknown_rest and (max_loras is None or max_cpu is None):
        known = False
    engine.max_loras, engine.max_cpu_loras, engine.capacity_known = max_loras, max_cpu, known
    engine.extension = kwargs.get(worker_extension.EXTENSION_ARGUMENT)


# `LLMEngine.add_request` queues a request; `step()` runs what is queued, in one batch.
_QUEUE, _STEP, _STEPPED_ENGINE = "add_request", "step", "LLMEngine"
_ENABLE = next(entry.name for entry in api.ENGINE_ARGUMENTS if entry.role == "enable")


def _positive_int(value: Value) -> bool:
    return isinstance(value, Const) and (value.value is None or isinstance(value.value, int))


def build_request(m: Machine, args: CallArgs, loc: Loc, *, mock: bool = False) -> RequestV:
    unknown = args.star is not None or args.star_star is not None
    if not mock and _INPLACE.name in args.keywords:
        _version_gate(m, loc)

    def field(index: int | None, name: str) -> Value | None:
        found = args.get(index, name)
        if found is None and unknown:
            return m.opaque(f"{name} passed through `*`/`**`", loc)
        return found

    path = field(_PATH.position, _PATH.name)
    if path is None or (isinstance(path, Const) and not path.value):
        path = args.get(_LOCAL_PATH.position, _LOCAL_PATH.name) or path
    frame = m.frames[-1] if m.frames else None
    request = RequestV(
        m.serial(),
        field(_NAME.position, _NAME.name),
        field(_ID.position, _ID.name),
        path,
        args.keywords.get(_INPLACE.name),
        loc,
        mock=mock,
        origin_call=frame.serial if frame is not None else None,
        id_text=args.text(_ID.position, _ID.name),
        path_text=args.text(_PATH.position, _PATH.name)
        or args.text(_LOCAL_PATH.position, _LOCAL_PATH.name),
    )
    request.content = {
        name: value for name, value in args.keywords.items() if api.is_content_field(name)
    }
    if frame is not None:
        m.call_records[frame.serial] = (frame.func.node, dict(frame.bound))
    m.trace.requests.append(request)
    m.covered.add((loc.path, loc.line, loc.column))
    return request


# unsloth's `model.load_lora(folder, load_tensors=False, lora_request_id=None)`: a request for
# the folder (or, with `load_tensors=True`, the model's LoRA weights now) under the next id of
# a counter of its own, 1, 2, ..., unless the caller names the id.
FRAMEWORK_LOADER = "load_lora"
_FRAMEWORK_PATH = ("save_directory", 0)
_FRAMEWORK_ID = "lora_request_id"


def framework_request(m: Machine, args: CallArgs, loc: Loc) -> RequestV | None:
    """`model.load_lora(folder)` on a model the analysis cannot see (unsloth's): the request it
    returns. None when no folder is given (another library's method of that name)."""
    path = args.get(_FRAMEWORK_PATH[1], _FRAMEWORK_PATH[0])
    if path is None or args.star is not None or args.star_star is not None:
        return None
    lora_id = args.keywords.get(_FRAMEWORK_ID)
    counted = lora_id is None or is_none(lora_id)
    if lora_id is None or is_none(lora_id):
        m.framework_ids += 1
        lora_id = Const(m.framework_ids)
    name = Const(str(lora_id.value)) if isinstance(lora_id, Const) else lora_id
    keywords = {_NAME.name: name, _ID.name: lora_id, _PATH.name: path}
    tensors = args.get(1, "load_tensors")
    if tensors is not None and not (isinstance(tensors, Const) and not tensors.value):
        # the model's weights as they are now: new tensors at every call
        keywords["lora_tensors"] = m.opaque("the model's LoRA weights at this call", loc)
    request = build_request(m, CallArgs([], keywords), loc)
    if counted:
        request.counter = "unsloth's load_lora"
    return request


def intended_path(m: Machine, frame: Frame, request: RequestV) -> Value | None:
    """The path a call of the function that built `request` in an earlier call asks for
    now, where it differs from the request's: the argument that gave the request its path
    then has another value in `frame` (a request memoised by name hands back its first
    folder). None when the request is not such a one."""
    if request.origin_call is None or request.path is None:
        return None
    if any(active.serial == request.origin_call for active in (*m.frames, frame)):
        return None  # the call that built it is still under way (a recursive call, say)
    origin = m.call_records.get(request.origin_call or 0)
    if origin is None or origin[0] is not frame.func.node:
        return None
    for name, old in origin[1].items():
        new = frame.bound.get(name)
        if new is not None and same(old, request.path) is True and same(old, new) is not True:
            return new
    return None


def _version_gate(m: Machine, loc: Loc) -> None:
    """`load_inplace=` is a TypeError before vLLM 0.15: both worlds are run, each tagged."""
    if m.trace.version_gate is None:
        older = not versions.at_least(m, LOAD_INPLACE_SINCE, loc)
        m.trace.version_gate = "old" if older else "new"
        m.trace.gate_loc = loc
    if m.trace.version_gate == "old":
        raise Raised("TypeError", loc.line, loc)


def implicit_engine(m: Machine, receiver: Value, loc: Loc) -> EngineV:
    """One shared stand-in for every engine the analysis cannot see being built.

    An engine reached through an argument of an entry call may differ from call to call
    (`implicit`); one held by an object that outlives the calls (`self.engine`, a module's
    client) is the same on every call (`held`), so a repeat across calls is a real repeat.
    An unknown object is the same engine every time it is used as one, even once it outlives
    the call that made it (`self.state.engine`, with `state` a `cached_property`).
    """
    key = object_key(receiver)
    m.unseen.use(receiver)
    own = argument_of(key) if key is not None else None
    if own is not None and own == key and own in m.unseen.apart:
        # The argument is the engine, and another object than the earlier call's
        # (`unseen._earlier_call`): another engine. One reached through it (`holder.llm`)
        # may still be shared by two holders.
        engine = m.unseen.apart[own]
        if engine is None:
            engine = EngineV(
                m.serial(), "implicit", loc, desc=describe(receiver), capacity_known=False
            )
            m.unseen.apart[own] = engine
        return engine
    known = m.unseen.engines.get(key) if key is not None else None
    if known is None:
        known = _shared_engine(m, receiver, loc)
        if key is not None:
            m.unseen.engines[key] = known
    return known


def _shared_engine(m: Machine, receiver: Value, loc: Loc) -> EngineV:
    if m.trace.entry is not None and m.unseen.outlives_call(receiver):
        if m.unseen.held is None:
            m.unseen.held = EngineV(
                m.serial(), "held", loc, desc=describe(receiver), capacity_known=False
            )
        return m.unseen.held
    if m.implicit_engine is None:
        m.implicit_engine = EngineV(
            m.serial(), "implicit", loc, desc=describe(receiver), capacity_known=False
        )
    return m.implicit_engine


def resolved(m: Machine, args: CallArgs) -> CallArgs:
    """The arguments with unknown objects that became requests (`req.lora_int_id = 1`) as such."""
    return CallArgs(
        [m.unseen.resolve(value) for value in args.positional],
        {name: m.unseen.resolve(value) for name, value in args.keywords.items()},
        args.star,
        args.star_star,
        args.call,
    )


def serve_for_caller(m: Machine, request: RequestV, via: str, loc: Loc) -> None:
    """A request handed back to code outside the analysis: served there, on an engine it has."""
    # The caller's engine may differ from call to call: never the `held` one.
    engine = implicit_engine(m, m.fixed("param:the caller's engine", "the caller's engine"), loc)
    _serve_value(m, engine, request, via, loc)


def engine_method(m: Machine, engine: EngineV, name: str, args: CallArgs, loc: Loc) -> Value:
    args = resolved(m, args)
    if name == "__init__":  # `super().__init__(model, enable_lora=True, max_loras=4)`
        # Only `LLM` takes its settings as keywords; the others take a config object.
        unknown = bool(args.positional[1:]) or args.star is not None or args.star_star is not None
        llm = engine.kind == "LLM"
        configure_engine(engine, dict(args.keywords) if llm else {}, unknown or not llm)
        return NONE
    if name in api.SERVE_METHOD_NAMES:
        start = len(m.trace.facts)
        requested = args.keywords.get(api.REQUEST_KEYWORD)
        if requested is not None:
            _serve_value(m, engine, requested, name, loc)
        for value in args.positional:
            if _is_request(value):
                _serve_value(m, engine, value, name, loc)
        if name == _QUEUE and engine.kind == _STEPPED_ENGINE:
            concurrency.started(m, start, concurrency.QUEUED)
        return SeqSym(f"outputs#{m.serial()}", f"the outputs of {name}()", str(loc))
    if name == _STEP and engine.kind == _STEPPED_ENGINE:
        concurrency.stepped(m)
    method = api.ENGINE_METHOD.get(name)
    effect = method.effect if method is not None else None
    if method is not None and method.argument is not None and effect is api.Effect.LOAD:
        requested = args.get(*method.argument)
        if requested is not None:
            _serve_value(m, engine, requested, name, loc)
        return Const(True)
    if method is not None and method.argument is not None and effect in _ID_EFFECTS:
        lora_id = args.get(*method.argument)
        if lora_id is not None and _never_runs(m, engine, loc):
            m.covered.add((loc.path, loc.line, loc.column))
        elif lora_id is not None:
            if effect is api.Effect.REMOVE:
                needs = m.drop_needs(name)
                m.trace.facts.append(
                    Removed(
                        engine,
                        lora_id,
                        loc,
                        m.proc,
                        name,
                        m.place(),
                        needs,
                        finally_of=m.finally_of(needs),
                    )
                )
            else:
                m.trace.facts.append(Pinned(engine, lora_id, loc, m.proc, name))
            m.covered.add((loc.path, loc.line, loc.column))
        return Const(True)
    if effect is api.Effect.QUERY:
        return loaded_ids(m, engine, loc)
    if effect is api.Effect.NONE:
        return NONE
    if name == worker_extension.RPC_METHOD:
        answered = worker_extension.call(m, engine, args, loc)
        if answered is not None:
            return answered
    engine.loads_unseen = True  # `collective_rpc(...)` and kin may load adapters
    return m.opaque(f"`{loc.code}`", loc)


# Engines whose cache operations are coroutines: without `await` (or a task) they do nothing.
_ASYNC_ENGINES = frozenset({"AsyncLLMEngine", "AsyncLLM"})


def _never_runs(m: Machine, engine: EngineV, loc: Loc) -> bool:
    """`engine.remove_lora(1)` on an async engine, as a bare statement: the coroutine it makes
    is dropped unawaited, so nothing is removed (a load is still counted, whatever happens).
    Inside a worker (an extension's method run by `collective_rpc`) the calls are synchronous."""
    return engine.kind in _ASYNC_ENGINES and m.discarded == loc and not m.in_worker


def loaded_ids(m: Machine, engine: EngineV, loc: Loc) -> Value:
    """`list_loras()`: the ids resident in the engine, as far as this run can tell.

    An engine this run built and loaded nothing into, by any route, holds none. Once the run
    loaded adapters into it, the ids are unknown but resident: a request built from one of
    them only refers to what those loads put there (`Referenced`). An engine the run did not
    build, or one handed to code it cannot see, may hold anything.
    """
    loaded = any(isinstance(f, Served) and f.engine is engine for f in m.trace.facts)
    if loaded:
        key = f"{RESIDENT_PREFIX}{engine.eid}#{m.serial()}"
        return ResidentIds(key, f"the adapter ids loaded in {engine.kind}", str(loc), engine)
    built = any(isinstance(f, EngineBuilt) and f.engine is engine for f in m.trace.facts)
    if built and not engine.loads_unseen:
        return ListV([])
    return m.opaque(f"the adapter ids loaded in {engine.kind}", loc)


def _refers_to_resident(engine: EngineV, request: RequestV) -> bool:
    """The request's id is one of the ids `list_loras()` answered (an item of it, as such), so it
    names an adapter already loaded. A number computed from them (`len(ids) + 1`, the next
    "free" id) is a new id like any other."""
    lora_id = request.lora_id
    if not isinstance(lora_id, Sym) or lora_id.offset != 0:
        return False
    found = _RESIDENT_KEY.fullmatch(lora_id.key)
    return found is not None and found.group(1) == str(engine.eid)


_RESIDENT_KEY = re.compile(rf"{re.escape(RESIDENT_PREFIX)}(\d+)#\d+(?:\[[^\]]*\])?")


_ID_EFFECTS = (api.Effect.REMOVE, api.Effect.PIN)


def drops_by_id(name: str) -> bool:
    """A cache operation that takes an adapter id (`remove_lora(1)`, `pin_lora(1)`)."""
    method = api.ENGINE_METHOD.get(name)
    return method is not None and method.argument is not None and method.effect in _ID_EFFECTS


def _serve_value(m: Machine, engine: EngineV, value: Value, via: str, loc: Loc) -> None:
    m.covered.add((loc.path, loc.line, loc.column))
    value = m.unseen.resolve(value)
    if isinstance(value, Const) and value.value is None:
        return
    if isinstance(value, ListV):
        for item in _batched(value.items):
            _serve_value(m, engine, item, via, loc)
        return
    if isinstance(value, MockV):
        m.trace.mock_serves.append(loc)
        return
    if not isinstance(value, RequestV):
        engine.loads_unseen = True  # it may be any request, loading any adapter
        m.trace.facts.append(OpaqueServe(describe(value), loc))
        return
    if value.mock:
        m.trace.mock_serves.append(loc)
        return
    if engine.lora_off:
        # vLLM refuses it: "Got lora_request ... but LoRA is not enabled!" (every release).
        m.trace.refused.append((engine.loc, loc))
        raise Raised("ValueError", loc.line, loc)
    if _refers_to_resident(engine, value):
        m.trace.facts.append(Referenced(engine, value, loc, m.proc))
        return
    if value.intended_path is None:
        # Served inside a later call of the function that built it, for another folder
        # (`requests.setdefault(name, LoRARequest(name, n, path))`): the first one is served.
        for frame in reversed(m.frames):
            intended = intended_path(m, frame, value)
            if intended is not None:
                value = replace(value, intended_path=intended)
                break
    path = from_directory(m.cwd, value.path)  # a relative folder, after an `os.chdir`
    concurrent_writes(m, path, loc)
    m.trace.facts.append(
        Served(
            engine,
            value,
            value.lora_id,
            path,
            value.load_inplace,
            replace(
                content_at(m.writes, path, m.trace.same_inputs),
                payload=tuple(
                    (name, containers.stamped(m, held)) for name, held in value.content.items()
                ),
            ),
            loc,
            m.proc,
            via,
            value.intended_path,
            m.call,
            m.place(),
            m.guards(),
            tuple(frame.call for frame in m.frames if frame.call is not None),
            m.trace.taken_apart(value.path.key) if isinstance(value.path, Sym) else frozenset(),
            alone=m.holding > 0,
        )
    )


def _batched(items: list[Value]) -> list[Value]:
    """One call's requests in the order the cache meets them. vLLM schedules the requests of
    one `generate` together: one whose id is already in the batch joins it, however many
    other ids wait (the `max_loras` limit only holds back new ids), and the batch holds one
    adapter per id. So the requests of an id come together, after its first one:
    `[1:a, 2:b, 1:c]` at capacity 1 serves `c` the adapter of `a`, not a fresh load after an
    eviction by 2."""
    return concurrency.in_batch_order(
        (concurrency.batch_key(item, index), [item]) for index, item in enumerate(items)
    )


def engine_attribute(m: Machine, engine: EngineV, name: str, loc: Loc) -> Value:
    if name in engine.attrs:
        return engine.attrs[name]
    if name in api.FACET_NAMES:
        return engine
    if name in api.LORA_METHOD_NAMES or name in api.ENGINE_METHOD:
        # `asyncio.to_thread(llm.generate, ...)`: the bound method, called later.
        return BoundExt(engine, name)
    return m.opaque(f"{engine.kind}.{name}", loc)


def engine_has(engine: EngineV, name: str) -> bool:
    """`hasattr(engine, name)`: vLLM's own facets and methods, and what the code set on it."""
    return name in engine.attrs or name in api.FACET_NAMES or name in api.LORA_METHOD_NAMES


def request_attribute(m: Machine, request: RequestV, name: str, loc: Loc) -> Value:
    field = api.FIELD_HOLDS.get(name)
    found: Value | None = getattr(request, field) if field is not None else None
    if found is None and name in request.content:
        found = request.content[name]
    return found if found is not None else m.opaque(f"request.{name}", loc)
