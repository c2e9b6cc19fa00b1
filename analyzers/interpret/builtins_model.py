"""Python builtins and the methods of lists, dicts and strings, on abstract values."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from analyzers.files.parsing import Loc
from analyzers.interpret import containers, instances, iteration, unseen
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import RangeV, key_text
from analyzers.interpret.conversions import as_text_part
from analyzers.interpret.objects import EngineArgsV, EngineV, FileV, NamespaceV, RequestV
from analyzers.interpret.values import (
    NONE,
    ClassV,
    Concat,
    Const,
    CounterV,
    CycleV,
    DictV,
    FuncV,
    Hashed,
    HashText,
    InstV,
    ListV,
    Obj,
    SeqSym,
    SteppedSeq,
    SuperV,
    Sym,
    Value,
    as_int,
    concat,
    describe,
    external_base,
    is_none,
    same,
)
from analyzers.interpret.vllm_api import engine_has

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine


def call(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    first = args.positional[0] if args.positional else None
    if qual == "len" and first is not None:
        return containers.length(m, first, loc)
    if qual == "range":
        numbers = [as_int(v) for v in args.positional]
        if numbers and all(n is not None for n in numbers):
            bounds = [n for n in numbers if n is not None]
            if len(bounds) == 1:
                return RangeV(0, bounds[0])
            if len(bounds) == 3 and bounds[2] == 0:
                return m.opaque("range with step 0", loc)
            return RangeV(*bounds[:3])
        desc = f"range({', '.join(describe(v) for v in args.positional)})"
        key = f"range#{loc.line}:{loc.column}"
        origin = 0 if len(numbers) == 1 else numbers[0]
        stride = numbers[2] if len(numbers) == 3 else 1
        if origin is not None and stride:  # only the stop is unknown: each item is known
            return SteppedSeq(key, desc, str(loc), origin, stride)
        return SeqSym(key, desc, str(loc))
    if qual == "enumerate" and first is not None:
        start = args.get(1, "start") or Const(0)
        return iteration.EnumerateV(first, start)
    if qual == "zip":
        return iteration.ZipV(list(args.positional))
    if qual == "map" and len(args.positional) >= 2:
        return iteration.MapV(args.positional[0], list(args.positional[1:]))
    if qual == "filter" and len(args.positional) == 2:
        return iteration.FilterV(args.positional[0], args.positional[1])
    if qual in ("list", "tuple", "set", "frozenset", "sorted", "reversed"):
        return _sequence(m, qual, first, loc, args)
    if qual == "dict":
        result = DictV()
        if first is not None:
            containers.update_dict(m, result, first, loc)
        for name, value in args.keywords.items():
            containers.set_item(m, result, Const(name), value, loc)
        return result
    if qual in ("str", "repr") and first is not None:
        return _text(m, first)
    if qual == "int" and first is not None:
        return _to_int(m, first, args.get(1, "base"), loc)
    if qual in ("float", "bool", "round") and isinstance(first, Const):
        try:
            return Const({"float": float, "bool": bool, "round": round}[qual](first.value))  # type: ignore[operator]
        except (TypeError, ValueError, OverflowError):
            return m.opaque(f"`{loc.code}`", loc)
    if qual == "abs" and first is not None:
        if isinstance(first, Hashed):
            return Hashed(
                first.kind,
                first.source,
                f"abs({first.desc})",
                first.modulus,
                first.offset,
                True,
                first.where,
            )
        if isinstance(first, Const) and isinstance(first.value, int | float):
            return Const(abs(first.value))
    if qual == "hash" and first is not None:
        return _hash(m, first, loc)
    if qual == "type" and len(args.positional) == 1 and isinstance(first, InstV):
        return first.cls  # `type(self).counter += 1`: the instance's own class
    if qual in ("min", "max", "sum") and first is not None:
        return _aggregate(m, qual, args, loc)
    if qual == "next" and first is not None:
        return _next(m, first, args, loc)
    if qual == "iter" and first is not None:
        return first
    if qual == "vars" and isinstance(first, NamespaceV | InstV):
        attrs = first.attrs
        return DictV([Const(k) for k in attrs], list(attrs.values()))
    if qual in ("setattr", "object.__setattr__") and len(args.positional) == 3:
        target, field, value = args.positional
        m.set_attribute(target, field, value, loc)
        return NONE
    if qual in ("hasattr", "getattr") and len(args.positional) >= 2:
        found = _attribute_builtin(m, qual, args, loc)
        if found is not None:
            return found
    if qual == "isinstance" and len(args.positional) == 2:
        known = instances.is_instance(first, args.positional[1])
        if known is not None:
            return Const(known)
    if qual == "super" and not args.positional and not args.keywords:
        found = _super(m)
        if found is not None:
            return found
    if qual == "super" and len(args.positional) == 2 and not args.keywords:
        # `super(Runner, self)`: the classes after `Runner`, bound to `self`.
        start, instance = args.positional
        if isinstance(start, ClassV) and isinstance(instance, InstV | EngineV):
            return SuperV(start, instance)
    if qual in ("print", "setattr", "input", "super", "isinstance", "hasattr", "callable"):
        return NONE if qual in ("print", "setattr") else m.opaque(f"`{loc.code}`", loc)
    if qual == "open" and first is not None:
        mode = args.get(1, "mode")
        writable = (
            isinstance(mode, Const)
            and isinstance(mode.value, str)
            and any(c in mode.value for c in "wax+")
        )
        if writable:
            m.record_write(first, loc)
        return FileV(first, writable)
    if qual in ("any", "all") and first is not None:
        return m.opaque(f"`{loc.code}`", loc)
    return None


def _class_has(cls: ClassV, name: str) -> bool:
    return name in cls.attrs or any(
        isinstance(base, ClassV) and _class_has(base, name) for base in cls.bases
    )


def _has(owner: Value, name: str) -> bool | None:
    """Whether a modelled object has an attribute; None for objects with unseen parts."""
    if isinstance(owner, EngineV):
        return engine_has(owner, name)
    if isinstance(owner, InstV):
        if name in owner.attrs or _class_has(owner.cls, name):
            return True
        return None if external_base(owner.cls) else False
    return None


def has_attribute(m: Machine, owner: Value, name: str) -> bool | None:
    """Whether `owner` has `name`: what the model knows, or what the run set on an object
    whose other attributes are unseen (`if not hasattr(server, "_ids")`); None: unknown."""
    has = _has(owner, name)
    if has is None and unseen.read_attribute(m, owner, name) is not None:
        has = True
    return has


def _attribute_builtin(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value | None:
    owner, key = args.positional[0], args.positional[1]
    if not (isinstance(key, Const) and isinstance(key.value, str)):
        return None
    name = key.value
    has = has_attribute(m, owner, name)
    if qual == "hasattr":
        return Const(has) if has is not None else None
    if has is False and len(args.positional) >= 3:
        return args.positional[2]
    return m.get_attribute(owner, name, loc)


def _super(m: Machine) -> Value | None:
    """Zero-argument `super()` in the method now running, bound to its instance."""
    if not m.frames:
        return None
    func = m.frames[-1].func
    instance = func.bound_self
    if isinstance(instance, EngineV) and instance.cls is not None:
        cls = instance.cls  # a method of the repository's subclass of vLLM's engine
    elif isinstance(instance, InstV):
        cls = instance.cls
    else:
        return None
    start = _defining_class(cls, func, set())
    return SuperV(start, instance) if start is not None else None


def _defining_class(cls: ClassV, func: FuncV, seen: set[int]) -> ClassV | None:
    if id(cls) in seen:
        return None
    seen.add(id(cls))
    own = cls.attrs.get(func.name)
    if isinstance(own, FuncV) and own.node is func.node:
        return cls
    for base in cls.bases:
        if isinstance(base, ClassV):
            found = _defining_class(base, func, seen)
            if found is not None:
                return found
    return None


def _sequence(m: Machine, qual: str, source: Value | None, loc: Loc, args: CallArgs) -> Value:
    if source is None:
        return ListV([], "set" if qual in ("set", "frozenset") else "list")
    if iteration.is_known_sequence(source) or isinstance(source, CounterV):
        items = iteration.plan(m, source, loc, quiet=True)
        if qual == "sorted":
            items = _sorted(m, items, args, loc)
        elif qual == "reversed":
            items = items[::-1]
        elif qual in ("set", "frozenset"):
            items = containers.dedupe(items)
        return ListV(items, "tuple" if qual == "tuple" else "set" if "set" in qual else "list")
    if isinstance(source, SeqSym | Sym):
        return source  # same unknown items, in an order the analysis cannot know anyway
    if isinstance(source, iteration.MapV):
        # `list(map(f, paths))` over items of unknown number: `f` runs on each item a loop
        # would follow, now; what it made is as unknown as their number.
        iteration.plan(m, source, loc)
    return SeqSym(f"seq#{m.serial()}", f"the items of `{loc.code}`", str(loc))


def _sorted(m: Machine, items: list[Value], args: CallArgs, loc: Loc) -> list[Value]:
    """`sorted(items, key=, reverse=)` (or `items.sort(...)`) where the keys are known.

    Unknown values alone (a listing's names, paths joined from them, tuples of those: the
    `(step, path)` pairs a checkpoint listing sorts by) stand for any values, so any order of
    them is theirs under other names; otherwise an order the analysis cannot compute (a key
    of unknown values) is said to be unknown, which keeps a safe answer from resting on the
    order the items were written in.
    """
    key, reverse = args.keywords.get("key"), args.keywords.get("reverse", Const(False))
    if len(items) < 2 or all(_unknown_alone(item) for item in items):
        return items
    keys = (
        items
        if key is None or is_none(key)
        else [m.call_value(key, CallArgs([item]), loc) for item in items]
    )
    plain = [_plain(k) for k in keys]
    if isinstance(reverse, Const) and all(k is not _UNKNOWN for k in plain):
        order = list(range(len(items)))
        try:
            order.sort(key=lambda i: plain[i], reverse=bool(reverse.value))
        except TypeError:
            pass
        else:
            return [items[i] for i in order]
    trace = m.trace
    if trace.incomplete is None and trace.unordered is None:
        why = f"the order `{loc.code}` puts its items in is unknown"
        trace.unordered = (why, len(trace.facts), len(trace.requests), len(m.writes))
    return items


_UNKNOWN = object()


def _unknown_alone(value: Value) -> bool:
    """Whether a value holds no literal and no object: an unknown, or a tuple of unknowns."""
    if isinstance(value, ListV) and value.kind == "tuple":
        return bool(value.items) and all(_unknown_alone(item) for item in value.items)
    return not isinstance(value, Const | Obj)


def _plain(value: Value) -> Any:
    """The Python value a sort compares, or `_UNKNOWN` (tuples of literals compare item by item)."""
    if isinstance(value, Const):
        return value.value
    if isinstance(value, ListV) and value.kind in ("tuple", "list"):
        items = [_plain(item) for item in value.items]
        return _UNKNOWN if _UNKNOWN in items else tuple(items)
    return _UNKNOWN


def _text(m: Machine, value: Value) -> Value:
    if isinstance(value, Const | Concat):
        return value if not isinstance(value, Const) else Const(str(value.value))
    return concat(as_text_part(m, value))


def _to_int(m: Machine, value: Value, base: Value | None, loc: Loc) -> Value:
    if isinstance(value, HashText):
        return Hashed(
            "digest", value.source, f"int({value.desc}, 16)", 2**value.bits, 0, True, str(loc)
        )
    if isinstance(value, Hashed):
        return value
    if isinstance(value, Const):
        try:
            if isinstance(value.value, str) and base is not None and isinstance(base, Const):
                return Const(int(value.value, base.value))  # type: ignore[call-overload]
            return Const(int(value.value))  # type: ignore[call-overload]
        except (TypeError, ValueError, OverflowError):
            return m.opaque(f"`{loc.code}`", loc)
    if isinstance(value, Sym):
        return value  # int(args.lora_id): the same run-time value
    return m.opaque(f"`{loc.code}`", loc)


def _hash(m: Machine, value: Value, loc: Loc) -> Value:
    if (
        isinstance(value, Const)
        and isinstance(value.value, int)
        and not isinstance(value.value, bool)
    ):
        return value  # hash(n) == n for small ints
    return Hashed("hash", key_text(value), f"hash({describe(value)})", None, 0, False, str(loc))


def _aggregate(m: Machine, qual: str, args: CallArgs, loc: Loc) -> Value:
    pool = args.positional if len(args.positional) > 1 else None
    if pool is None and iteration.is_known_sequence(args.positional[0]):
        pool = iteration.plan(m, args.positional[0], loc, quiet=True)
    if pool is not None and not pool:  # an empty iterable: `default=`, `start` or an error
        empty = args.keywords.get("default") if qual != "sum" else args.get(1, "start")
        if qual == "sum" and empty is None:
            return Const(0)
        if empty is not None:
            return empty
    if pool and all(isinstance(v, Const) for v in pool):
        try:
            numbers = [v.value for v in pool if isinstance(v, Const)]
            return Const({"min": min, "max": max, "sum": sum}[qual](numbers))  # type: ignore[operator]
        except (TypeError, ValueError):
            pass
    return m.opaque(f"`{loc.code}`", loc)


def _next(m: Machine, source: Value, args: CallArgs, loc: Loc) -> Value:
    if isinstance(source, CounterV) and source.lost:
        return m.opaque(f"`{loc.code}`", loc)
    if isinstance(source, CounterV):
        value = Const(source.next_value)
        source.next_value += source.step
        return value
    if isinstance(source, CycleV):
        return source.take()
    if isinstance(source, ListV) and source.items:
        return source.items.pop(0)
    if isinstance(source, SeqSym):
        return source.item(0)
    return m.opaque(f"`{loc.code}`", loc)


def _count(m: Machine, counter: CounterV, name: str, args: CallArgs, loc: Loc) -> Value:
    """vLLM's counters: `AtomicCounter.inc(n)` and `.dec(n)` add or take `n` (1 by default)
    and give the new value; `Counter.reset()` starts again at 0, whatever the start was."""
    if name == "reset":
        counter.next_value, counter.lost = 0, False
        return NONE
    given = args.get(0, "num")
    amount = as_int(given) if given is not None else 1
    if amount is None or counter.lost:
        counter.lost = True  # an unknown amount: every later value is unknown too
        return m.opaque(f"`{loc.code}`", loc)
    counter.next_value += amount if name == "inc" else -amount
    return Const(counter.next_value - 1)


def method(m: Machine, receiver: Value, name: str, args: CallArgs, loc: Loc) -> Value | None:
    if isinstance(receiver, CounterV | CycleV) and name == "__next__":
        return _next(m, receiver, args, loc)  # `defaultdict(itertools.count(1).__next__)`
    if isinstance(receiver, CounterV) and name in ("inc", "dec", "reset"):
        return _count(m, receiver, name, args, loc)
    if isinstance(receiver, ListV):
        return _list_method(m, receiver, name, args, loc)
    if isinstance(receiver, DictV):
        return _dict_method(m, receiver, name, args, loc)
    if isinstance(receiver, EngineArgsV) and name in ("get", "copy"):
        return receiver.kwargs.get(_key(args)) if name == "get" else receiver
    if isinstance(receiver, Const) and isinstance(receiver.value, str) and name in _STRING_METHODS:
        return _string_method(m, receiver.value, name, args, loc)
    if isinstance(receiver, FileV) and name in ("write", "writelines", "close", "flush"):
        return NONE
    if isinstance(receiver, RequestV):
        return m.opaque(f"`{loc.code}`", loc)
    return None


def _key(args: CallArgs) -> str:
    first = args.positional[0] if args.positional else None
    return str(first.value) if isinstance(first, Const) else ""


def _list_method(m: Machine, target: ListV, name: str, args: CallArgs, loc: Loc) -> Value | None:
    first = args.positional[0] if args.positional else None
    if name == "append" and first is not None:
        _append(m, target, first)
        return NONE
    if name == "extend" and first is not None:
        target.items.extend(iteration.plan(m, first, loc, quiet=True))
        return NONE
    if name == "insert" and len(args.positional) == 2:
        index = as_int(args.positional[0])
        target.items.insert(index if index is not None else len(target.items), args.positional[1])
        return NONE
    if name == "pop":
        index = as_int(first) if first is not None else -1
        if target.items and index is not None and -len(target.items) <= index < len(target.items):
            return target.items.pop(index)
        return m.opaque(f"`{loc.code}`", loc)
    if name in ("sort", "reverse"):
        target.items = _sorted(m, target.items, args, loc) if name == "sort" else target.items[::-1]
        return NONE
    if name == "copy":
        return ListV(list(target.items), target.kind)
    if name == "clear":
        target.items.clear()
        return NONE
    if name == "add" and first is not None:
        _add(m, target, first)
        return NONE
    if name == "update" and first is not None and target.kind == "set":
        for item in iteration.plan(m, first, loc, quiet=True):
            _add(m, target, item)
        return NONE
    if name in ("remove", "discard") and first is not None:
        _drop(m, target, first)
        return NONE
    if name in ("index", "count"):
        return m.opaque(f"`{loc.code}`", loc)
    return None


def _append(m: Machine, target: ListV, item: Value) -> None:
    if len(target.items) < m.limits.max_items:
        target.items.append(item)


def _add(m: Machine, target: ListV, item: Value) -> None:
    """A set's `add`: no second copy of what it holds."""
    if containers.contains(m, target, item) is not True:
        _append(m, target, item)


def _drop(m: Machine, target: ListV, item: Value) -> None:
    """`remove(x)` / `discard(x)`: the first item that is `x` goes, an unknown pair asked as
    `in` asks it (`containers.search`)."""
    index, _ = containers.search(m, target.items, item)
    if index is not None:
        del target.items[index]


def _kept_request(kept: RequestV, offered: Value) -> RequestV:
    """`requests.setdefault(name, LoRARequest(name, i, new_folder))` hands back the request
    kept for the name; the one just built, for another folder, is what the caller meant to
    serve (a request memoised by name)."""
    if (
        isinstance(offered, RequestV)
        and kept.intended_path is None
        and kept.path is not None
        and offered.path is not None
        and same(kept.path, offered.path) is not True
    ):
        return replace(kept, intended_path=offered.path)
    return kept


def _dict_method(m: Machine, target: DictV, name: str, args: CallArgs, loc: Loc) -> Value | None:
    first = args.positional[0] if args.positional else None
    if name in ("get", "setdefault", "pop") and first is not None:
        found = containers.dict_get(m, target, first, loc)
        default = args.positional[1] if len(args.positional) > 1 else NONE
        if found is None and containers.contains(m, target, first) is None:
            found = m.opaque(f"`{loc.code}`", loc)
        if name == "pop" and found is not None:
            containers.delete_key(m, target, first)
        if name == "setdefault" and found is None:
            containers.set_item(m, target, first, default, loc)
        if name == "setdefault" and isinstance(found, RequestV):
            return _kept_request(found, default)
        return found if found is not None else default
    if name == "items":
        return ListV(
            [ListV([k, v], "tuple") for k, v in zip(target.keys, target.values, strict=True)]
        )
    if name == "keys":
        return ListV(list(target.keys))
    if name == "values":
        return ListV(list(target.values))
    if name == "update":
        if first is not None:
            containers.update_dict(m, target, first, loc)
        for key, value in args.keywords.items():
            containers.set_item(m, target, Const(key), value, loc)
        return NONE
    if name == "copy":
        return DictV(list(target.keys), list(target.values), target.open)
    if name == "clear":
        target.keys.clear()
        target.values.clear()
        return NONE
    return None


_STRING_METHODS = frozenset(
    [
        "format",
        "join",
        "replace",
        "strip",
        "rstrip",
        "lstrip",
        "split",
        "rsplit",
        "lower",
        "upper",
        "startswith",
        "endswith",
        "encode",
        "zfill",
        "removeprefix",
        "removesuffix",
        "title",
        "capitalize",
    ]
)


def _string_method(m: Machine, text: str, name: str, args: CallArgs, loc: Loc) -> Value:
    if name == "format":
        return _format(m, text, args, loc)
    if name == "join" and args.positional:
        items = args.positional[0]
        if iteration.is_known_sequence(items):
            parts: list[Value] = []
            for index, item in enumerate(iteration.plan(m, items, loc, quiet=True)):
                if index:
                    parts.append(Const(text))
                parts.append(_text(m, item))
            return concat(*parts)
        if isinstance(items, SeqSym | Sym):  # the same value joins the same way
            shown = items.desc if isinstance(items, SeqSym) else items.describe()
            return containers.derived(
                m, items, f".joined({text!r})", f"{text!r}.join({shown})", loc
            )
        return m.opaque(f"`{loc.code}`", loc)
    values = [a.value for a in args.positional if isinstance(a, Const)]
    if len(values) != len(args.positional) or args.keywords:
        return m.opaque(f"`{loc.code}`", loc)
    try:
        result = getattr(text, name)(*values)
    except (TypeError, ValueError):
        return m.opaque(f"`{loc.code}`", loc)
    if isinstance(result, list):
        return ListV([Const(item) for item in result])
    return Const(result)


def _format(m: Machine, template: str, args: CallArgs, loc: Loc) -> Value:
    from string import Formatter

    parts: list[Value] = []
    auto = 0
    try:
        parsed = list(Formatter().parse(template))
    except ValueError:
        return m.opaque(f"`{loc.code}`", loc)
    for literal, field, spec, _ in parsed:
        parts.append(Const(literal))
        if field is None:
            continue
        base = field.split(".")[0].split("[")[0]
        if base == "":
            value = args.positional[auto] if auto < len(args.positional) else None
            auto += 1
        elif base.isdigit():
            index = int(base)
            value = args.positional[index] if index < len(args.positional) else None
        else:
            value = args.keywords.get(base)
        if value is None or base != field:
            return m.opaque(f"`{loc.code}`", loc)
        parts.append(as_text_part(m, value, spec or None))
    return concat(*parts)
