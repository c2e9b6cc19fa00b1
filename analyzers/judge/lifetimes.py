"""Replay one interpreted run through the cache simulator, engine lifetime by engine lifetime.

Abstract ids become ints (constants stay themselves; each unknown gets its own large int),
paths become strings that name their origin (`<args.checkpoints[1]>`), and a folder's content is
a token counting the writes into it. Every stale record is then classified: certain, or only
possible because an opaque value or an unknown write is involved. `RunView` is one run seen at
one vLLM version with one choice of cache size per engine: what the verdict is decided on.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from analyzers.events import ReplayRecord, RequestEvent
from analyzers.interpret.objects import EngineV
from analyzers.interpret.trace import Content, Pinned, Removed, Served, Trace
from analyzers.interpret.values import (
    Concat,
    Const,
    DictV,
    Hashed,
    ListV,
    Sym,
    Value,
    as_int,
    describe,
    opaque_parts,
    same,
)
from analyzers.vllm.cache import BASE_MODEL, ConfigError, LoraCacheSimulator, resolve_capacity
from analyzers.vllm.releases import VllmVersion, has_load_inplace

_SYMBOLIC_ID_BASE = 1_000_000_000
_HASHED_ID_BASE = 2_000_000_000

Lifetime = tuple[int, int]  # (engine id, process id)
Groups = dict[Lifetime, list[Served | Removed | Pinned]]
Choices = dict[int, list[tuple[int | None, int | None]]]  # engine id -> capacities to try

LARGE_CAPACITY = 1024  # the cache size tried when an engine's size cannot be seen


@dataclass
class Stale:
    """One stale serve: the request, the earlier one whose adapter answered it, and how sure."""

    served: Served
    loaded_by: Served | None
    record: ReplayRecord
    certain: bool
    why_uncertain: str = ""


@dataclass
class Replayed:
    """The records of one replay of one run, plus what could not be turned into numbers."""

    records: list[tuple[Served, ReplayRecord]] = field(default_factory=list)
    stale: list[Stale] = field(default_factory=list)
    errors: list[tuple[Served, str]] = field(default_factory=list)
    unknown_ids: list[Served] = field(default_factory=list)
    config_errors: list[str] = field(default_factory=list)


class Instantiation:
    """Maps abstract ids and paths to the concrete ints and strings the simulator takes."""

    def __init__(self) -> None:
        self._symbols: dict[tuple[str, str], int] = {}
        self._labels: dict[str, str] = {}
        self._descs: dict[str, int] = {}
        self._objects: dict[int, int] = {}  # payload objects by identity -> their ordinal

    def lora_id(self, value: Value | None) -> int | None:
        number = as_int(value)
        if number is not None:
            return number
        if isinstance(value, Sym) and not value.opaque:
            base = self._symbols.setdefault(("sym", value.key), len(self._symbols))
            return _SYMBOLIC_ID_BASE + base * 1000 + value.offset
        if isinstance(value, Hashed):
            base = self._symbols.setdefault(
                ("hash", f"{value.kind}:{value.source}"), len(self._symbols)
            )
            return _HASHED_ID_BASE + base * 1000 + value.offset
        return None

    def content(self, content: Content) -> str | None:
        """What the simulator compares: the folder's writes and the request's own payload."""
        written = content.token()
        if not content.payload:
            return written
        fields = ",".join(
            f"{name}={payload_key(value, 0, self._objects)[0]}" for name, value in content.payload
        )
        return f"{written}|{fields}" if written else fields

    def path(self, value: Value | None) -> str:
        if value is None:
            return "<no lora_path>"
        if isinstance(value, Const):
            return str(value.value) if value.value not in ("", None) else "<empty lora_path>"
        parts = value.parts if isinstance(value, Concat) else (value,)
        return "".join(self._part(part) for part in parts) or "<empty lora_path>"

    def _part(self, value: Value) -> str:
        if isinstance(value, Const):
            return str(value.value)
        if isinstance(value, Sym):
            key = f"{value.key}{value.offset:+d}"
            label = self._labels.get(key)
            if label is None:
                desc = value.describe()
                seen = self._descs.get(desc, 0)
                self._descs[desc] = seen + 1
                label = f"<{desc}>" if not seen else f"<{desc}#{seen + 1}>"
                self._labels[key] = label
            return label
        if isinstance(value, Hashed):
            return f"<{value.desc}>"
        return f"<{describe(value)}>"


def lifetimes(facts: Sequence[object]) -> Groups:
    """Cache events grouped per engine instance and process, in run order."""
    groups: Groups = {}
    for fact in facts:
        if isinstance(fact, Served | Removed | Pinned):
            groups.setdefault((fact.engine.eid, fact.proc), []).append(fact)
    return groups


@dataclass(frozen=True)
class RunView:
    """One run being judged at one version, with one choice of cache size per engine."""

    trace: Trace
    served: list[Served]
    groups: Groups
    engines: dict[int, EngineV]
    choices: Choices
    round_index: int
    version: VllmVersion

    def capacity(self, engine: EngineV) -> int | None:
        return capacity_of(engine, self.choices, self.round_index)

    def capacity_text(self, engine: EngineV) -> str:
        capacity = self.capacity(engine)
        if not engine.capacity_known:
            return f"cache size unknown, assumed {capacity}"
        return f"capacity {capacity}"


def capacity_of(engine: EngineV, choices: Choices, round_index: int) -> int | None:
    options = choices.get(engine.eid) or [(None, None)]
    max_loras, max_cpu = options[min(round_index, len(options) - 1)]
    try:
        return resolve_capacity(max_loras, max_cpu)
    except ConfigError:
        return None


def replay_lifetime(
    events: Sequence[Served | Removed | Pinned],
    *,
    engine: EngineV,
    capacity: tuple[int | None, int | None],
    version: VllmVersion,
    names: Instantiation,
    out: Replayed,
) -> None:
    try:
        simulator = LoraCacheSimulator(
            max_loras=capacity[0], max_cpu_loras=capacity[1], vllm_version=version
        )
    except ConfigError as exc:
        out.config_errors.append(f"{engine.loc}: {exc}")
        return
    loaded_by: dict[int, Served] = {}
    # When every request of the lifetime reloads, an id the analysis cannot know is harmless:
    # whatever it is, each add reads its own adapter.
    all_reload = all(reloads(e, version) for e in events if isinstance(e, Served))
    for event in events:
        if isinstance(event, Removed | Pinned):
            lora_id = names.lora_id(event.lora_id)
            if lora_id is not None and lora_id > 0:
                if isinstance(event, Removed):
                    simulator.remove(lora_id)
                else:
                    simulator.pin(lora_id)
            continue
        lora_id = names.lora_id(event.lora_id)
        if lora_id is None:
            if not all_reload:
                out.unknown_ids.append(event)
            continue
        inplace = event.load_inplace
        record = simulator.request(
            RequestEvent(
                id=lora_id,
                path=names.path(event.path),
                content=names.content(event.content),
                load_inplace=isinstance(inplace, Const) and inplace.value is True,
            )
        )
        out.records.append((event, record))
        if record.error is not None:
            out.errors.append((event, record.error))
            return  # the run raises here: nothing after it is served by this engine
        if record.loaded:
            loaded_by[lora_id] = event
        source = loaded_by.get(lora_id)
        stale = _classify(event, source, record)
        if stale is not None:
            if event.intended_path is not None:
                record.requested = names.path(event.intended_path)
                record.stale = True
            out.stale.append(stale)


def reloads(event: Served, version: VllmVersion) -> bool:
    """The request reloads its id whatever the cache holds (`load_inplace=True`)."""
    inplace = event.load_inplace
    return isinstance(inplace, Const) and inplace.value is True and has_load_inplace(version)


def _classify(event: Served, source: Served | None, record: ReplayRecord) -> Stale | None:
    wanted = event.intended_path if event.intended_path is not None else event.path
    if record.served == BASE_MODEL:
        return Stale(event, None, record, certain=isinstance(event.lora_id, Const))
    if source is None or source is event:
        intended = event.intended_path
        if (
            intended is not None
            and event.path is not None
            and same(intended, event.path) is not True
        ):
            return _path_difference(event, event, record, wanted)
        return None
    if not record.stale and event.intended_path is None:
        return None
    path_answer = (
        same(source.path, wanted) if source.path is not None and wanted is not None else None
    )
    if path_answer is False or (path_answer is None and _taken_apart(event, source.path, wanted)):
        return Stale(event, source, record, certain=True)
    if path_answer is None:
        return _path_difference(event, source, record, wanted)
    # Same folder: stale only if its content changed in between.
    before, after = source.content, event.content
    payload = payload_difference(before, after)
    if payload is not None:
        name, certain = payload
        why = f"{name} comes from a value only known at run time, which may or may not change"
        return Stale(event, source, record, certain, "" if certain else why)
    if after.certain != before.certain:
        return Stale(event, source, record, certain=True)
    if after.possible != before.possible:
        where = f" ({after.last_write})" if after.last_write else ""
        return Stale(
            event, source, record, False, f"a save into an unknown folder{where} may overwrite it"
        )
    return None


def payload_key(
    value: Value, depth: int = 0, objects: dict[int, int] | None = None
) -> tuple[str, bool]:
    """A value as content: equal keys are the same payload; True when an opaque part (the
    result of code the analysis cannot see) makes a difference only possible, not certain."""
    if isinstance(value, Const):
        return repr(value.value), False
    if isinstance(value, Sym):
        return f"<{value.key}{value.offset:+d}>", value.opaque
    if depth < _PAYLOAD_DEPTH and isinstance(value, ListV | Concat):
        items = value.items if isinstance(value, ListV) else list(value.parts)
        keys = [payload_key(item, depth + 1, objects) for item in items]
        return "[" + ",".join(k for k, _ in keys) + "]", any(o for _, o in keys)
    if depth < _PAYLOAD_DEPTH and isinstance(value, DictV):
        pairs = [
            (payload_key(k, depth + 1, objects), payload_key(v, depth + 1, objects))
            for k, v in zip(value.keys, value.values, strict=False)
        ]
        text = ",".join(f"{k[0]}:{v[0]}" for k, v in pairs)
        return "{" + text + "}", any(k[1] or v[1] for k, v in pairs)
    # Another object: the same object is the same payload; a different one may hold the same.
    number = id(value) if objects is None else objects.setdefault(id(value), len(objects) + 1)
    return f"<object #{number}>", True


_PAYLOAD_DEPTH = 4


def payload_difference(before: Content, after: Content) -> tuple[str, bool] | None:
    """The first content field whose value differs between two serves, and whether surely."""
    earlier = dict(before.payload)
    for name, value in after.payload:
        old = earlier.get(name)
        if old is None:
            continue
        if old is value:
            continue
        (a, a_open), (b, b_open) = payload_key(old), payload_key(value)
        if a != b:
            return name, not (a_open or b_open)
    names = {name for name, _ in after.payload} ^ set(earlier)
    return (sorted(names)[0], True) if names else None


def _taken_apart(event: Served, loaded: Value | None, wanted: Value | None) -> bool:
    """The run took the folder it serves to differ from the one loaded under the id: it
    tested `wanted != loaded` and went on with the answer true (`Trace.apart`)."""
    return (
        wanted is event.path
        and isinstance(wanted, Sym)
        and isinstance(loaded, Sym)
        and loaded.key in event.apart
    )


def _path_difference(
    event: Served, source: Served, record: ReplayRecord, wanted: Value | None
) -> Stale:
    opaque = [*opaque_parts(source.path or Const("")), *opaque_parts(wanted or Const(""))]
    named = ", ".join(
        sorted({f"{part.desc} at {part.where}" if part.where else part.desc for part in opaque})
    )
    origin = named or "a value only known at run time"
    why = (
        f"its lora_path ({origin}) holds other weights than the ones loaded first (another "
        f"folder, or the same one rewritten)"
    )
    if event.intended_path is not None:
        return Stale(
            event,
            source,
            record,
            certain=source.path is not None and same(event.intended_path, source.path) is False,
            why_uncertain=why,
        )
    return Stale(event, source, record, certain=False, why_uncertain=why)
