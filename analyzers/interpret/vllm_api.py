"""vLLM's offline API as the cache sees it: `LoRARequest`, engines, the calls that load adapters.

Names are resolved through imports before they get here (`from vllm import LLM as Engine` still
arrives as `vllm.LLM`), so a class of the analysed file that happens to be called `LLM` never does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.folders import content_at
from analyzers.interpret.objects import (
    REQUEST_FIELDS,
    EngineArgsV,
    EngineV,
    MockV,
    NamespaceV,
    RequestV,
)
from analyzers.interpret.signals import Raised
from analyzers.interpret.trace import EngineBuilt, OpaqueServe, Pinned, Removed, Served
from analyzers.interpret.values import NONE, Const, ListV, SeqSym, Value, describe

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine

SERVE_METHODS = frozenset(
    {"generate", "chat", "encode", "embed", "classify", "score", "reward", "beam_search",
     "add_request", "generate_async", "process_requests"}
)  # fmt: skip
CACHE_METHODS = frozenset({"add_lora", "remove_lora", "pin_lora", "list_loras"})
VERSION_GATE = "vllm-before-0.15"
_ENGINE_CLASSES = frozenset({"LLM", "LLMEngine", "AsyncLLMEngine", "AsyncLLM", "MQLLMEngine"})
_FACETS = frozenset(
    {"llm_engine", "engine", "engine_core", "model_executor", "driver_worker", "worker",
     "_engine", "engine_client", "async_engine"}
)  # fmt: skip


def mentions_lora(args: CallArgs) -> bool:
    if "lora_request" in args.keywords:
        return True
    return any(_is_request(value) for value in args.positional)


def _is_request(value: Value) -> bool:
    if isinstance(value, RequestV):
        return True
    return isinstance(value, ListV) and any(isinstance(item, RequestV) for item in value.items)


def call_vllm(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    parts = qual.split(".")
    last = parts[-1]
    if last == "LoRARequest":
        return build_request(m, args, loc)
    if last in ("EngineArgs", "AsyncEngineArgs"):
        return EngineArgsV(dict(args.keywords), args.star_star is not None)
    if (
        last == "from_cli_args"
        and len(parts) >= 2
        and parts[-2] in ("EngineArgs", "AsyncEngineArgs")
    ):
        source = args.positional[0] if args.positional else None
        if isinstance(source, NamespaceV):
            return EngineArgsV(dict(source.attrs))
        return EngineArgsV({}, unknown_rest=True)
    if (
        last in ("from_engine_args", "from_vllm_config")
        and len(parts) >= 2
        and parts[-2] in _ENGINE_CLASSES
    ):
        source = args.get(0, "engine_args")
        if isinstance(source, EngineArgsV):
            return build_engine(m, parts[-2], source.kwargs, source.unknown_rest, loc)
        return build_engine(m, parts[-2], {}, True, loc)
    if last in _ENGINE_CLASSES:
        return build_engine(m, last, dict(args.keywords), args.star_star is not None, loc)
    return None


def build_engine(
    m: Machine, kind: str, kwargs: dict[str, Value], unknown_rest: bool, loc: Loc
) -> EngineV:
    max_loras = kwargs.get("max_loras")
    max_cpu = kwargs.get("max_cpu_loras")
    known = all(value is None or _positive_int(value) for value in (max_loras, max_cpu))
    if unknown_rest and (max_loras is None or max_cpu is None):
        known = False
    engine = EngineV(
        m.serial(), kind, loc, max_loras, max_cpu, desc=loc.code, proc=m.proc, capacity_known=known
    )
    m.trace.facts.append(EngineBuilt(engine, loc))
    return engine


def _positive_int(value: Value) -> bool:
    return isinstance(value, Const) and (value.value is None or isinstance(value.value, int))


def build_request(m: Machine, args: CallArgs, loc: Loc, *, mock: bool = False) -> RequestV:
    unknown = args.star is not None or args.star_star is not None
    if not mock and "load_inplace" in args.keywords:
        _version_gate(m, loc)

    def field(index: int | None, name: str) -> Value | None:
        found = args.get(index, name)
        if found is None and unknown:
            return m.opaque(f"{name} passed through `*`/`**`", loc)
        return found

    path = field(2, "lora_path")
    if path is None or (isinstance(path, Const) and not path.value):
        path = args.get(3, "lora_local_path") or path
    frame = m.frames[-1] if m.frames else None
    request = RequestV(
        m.serial(),
        field(0, "lora_name"),
        field(1, "lora_int_id"),
        path,
        args.keywords.get("load_inplace"),
        loc,
        mock=mock,
        origin_call=frame.serial if frame is not None else None,
        id_text=args.text(1, "lora_int_id"),
        path_text=args.text(2, "lora_path") or args.text(3, "lora_local_path"),
    )
    if frame is not None:
        m.call_records[frame.serial] = (frame.func.node, dict(frame.bound))
    m.trace.requests.append(request)
    m.covered.add((loc.path, loc.line, loc.column))
    return request


def _version_gate(m: Machine, loc: Loc) -> None:
    """`load_inplace=` is a TypeError before vLLM 0.15: both worlds are run, each tagged."""
    if m.trace.version_gate is None:
        older = m.oracle.decide(False, VERSION_GATE)
        m.trace.version_gate = "old" if older else "new"
        m.trace.gate_loc = loc
    if m.trace.version_gate == "old":
        raise Raised("TypeError", loc.line)


def implicit_engine(m: Machine, receiver: Value, loc: Loc) -> EngineV:
    """One shared stand-in for every engine the analysis cannot see being built."""
    if m.implicit_engine is None:
        m.implicit_engine = EngineV(
            m.serial(), "implicit", loc, desc=describe(receiver), capacity_known=False
        )
    return m.implicit_engine


def engine_method(m: Machine, engine: EngineV, name: str, args: CallArgs, loc: Loc) -> Value:
    if name in SERVE_METHODS:
        requested = args.keywords.get("lora_request")
        if requested is not None:
            _serve_value(m, engine, requested, name, loc)
        for value in args.positional:
            if _is_request(value):
                _serve_value(m, engine, value, name, loc)
        return SeqSym(f"outputs#{m.serial()}", f"the outputs of {name}()", str(loc))
    if name == "add_lora":
        requested = args.get(0, "lora_request")
        if requested is not None:
            _serve_value(m, engine, requested, name, loc)
        return Const(True)
    if name in ("remove_lora", "pin_lora"):
        lora_id = args.get(0, "lora_id")
        if lora_id is not None:
            event = Removed if name == "remove_lora" else Pinned
            m.trace.facts.append(event(engine, lora_id, loc, m.proc))
        return Const(True)
    if name == "list_loras":
        return m.opaque(f"the adapter ids loaded in {engine.kind}", loc)
    if name in ("shutdown", "sleep", "wake_up", "reset_prefix_cache"):
        return NONE
    return m.opaque(f"`{loc.code}`", loc)


def _serve_value(m: Machine, engine: EngineV, value: Value, via: str, loc: Loc) -> None:
    m.covered.add((loc.path, loc.line, loc.column))
    if isinstance(value, Const) and value.value is None:
        return
    if isinstance(value, ListV):
        for item in value.items:
            _serve_value(m, engine, item, via, loc)
        return
    if isinstance(value, MockV):
        m.trace.mock_serves.append(loc)
        return
    if not isinstance(value, RequestV):
        m.trace.facts.append(OpaqueServe(describe(value), loc))
        return
    if value.mock:
        m.trace.mock_serves.append(loc)
        return
    m.trace.facts.append(
        Served(
            engine,
            value,
            value.lora_id,
            value.path,
            value.load_inplace,
            content_at(m.writes, value.path),
            loc,
            m.proc,
            via,
            value.intended_path,
            m.call,
        )
    )


def engine_attribute(m: Machine, engine: EngineV, name: str, loc: Loc) -> Value:
    if name in _FACETS:
        return engine
    return m.opaque(f"{engine.kind}.{name}", loc)


def request_attribute(m: Machine, request: RequestV, name: str, loc: Loc) -> Value:
    field = REQUEST_FIELDS.get(name)
    found: Value | None = getattr(request, field) if field is not None else None
    return found if found is not None else m.opaque(f"request.{name}", loc)
