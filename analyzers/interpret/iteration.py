"""What a loop iterates over: known items (cut at a cap) or a few distinct symbolic items.

A list of unknown length (a CLI flag with `nargs="+"`, a directory listing) is unrolled to a small
number of iterations with distinct items, enough to show a repeat of an id or a wrap of `i % k`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.containers import RangeV
from analyzers.interpret.values import (
    Const,
    CounterV,
    CycleV,
    DictV,
    ListV,
    Obj,
    SeqSym,
    Sym,
    Value,
    is_none,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine


@dataclass(eq=False)
class EnumerateV(Obj):
    source: Value
    start: Value


@dataclass(eq=False)
class ZipV(Obj):
    sources: list[Value]


@dataclass(eq=False)
class MapV(Obj):
    """`map(f, xs)`: `f` is applied as the items are taken."""

    func: Value
    sources: list[Value]


@dataclass(eq=False)
class TakenCall(Obj):
    """An item of `map(f, xs)` a loop has not taken yet: `map` is lazy, so `f` runs when the
    loop takes the item, after the body's work on the items before (`taken`)."""

    func: Value
    args: list[Value]


@dataclass(eq=False)
class FilterV(Obj):
    """`filter(f, xs)`: the items `f` keeps (`f` None: the truthy ones), taken as they come."""

    func: Value
    source: Value


def is_known_sequence(value: Value) -> bool:
    if isinstance(value, ListV | DictV | RangeV):
        return True
    if isinstance(value, Const) and isinstance(value.value, str | bytes | tuple):
        return True
    if isinstance(value, EnumerateV):
        return is_known_sequence(value.source)
    if isinstance(value, ZipV):
        return any(is_known_sequence(source) for source in value.sources)
    if isinstance(value, MapV):
        return all(is_known_sequence(source) for source in value.sources)
    return False


def plan(
    m: Machine, value: Value, loc: Loc, *, quiet: bool = False, lazy: bool = False
) -> list[Value]:
    """The items one loop over `value` binds, in order. `lazy`: the loop takes each item
    with `taken`, which runs what `map` applies to it then, not before the loop starts."""
    cap = m.limits.loop_cap
    items = _items(m, value, loc, cap, lazy)
    if items is None:
        if not quiet:
            m.trace.symbolic_loops.append(loc)
        return _symbolic(m, value, loc, lazy=lazy)
    if len(items) > cap:
        if not quiet:
            m.trace.truncated.append(loc)
        return items[:cap]
    return items


def taken(m: Machine, item: Value, loc: Loc) -> Value:
    """An item of a lazy plan as the loop takes it: `map`'s function applied now (inside the
    tuples `enumerate` and `zip` make of such items too)."""
    if isinstance(item, TakenCall):
        return m.call_value(item.func, CallArgs(list(item.args)), loc)
    if isinstance(item, ListV) and item.kind == "tuple":
        inner = [taken(m, part, loc) for part in item.items]
        if any(new is not old for new, old in zip(inner, item.items, strict=True)):
            return ListV(inner, "tuple")
    return item


def _items(m: Machine, value: Value, loc: Loc, cap: int, lazy: bool = False) -> list[Value] | None:
    """Known items (up to cap + 1, to tell a cut), or None when the length is unknown."""
    if isinstance(value, ListV):
        return list(value.items[: cap + 1])
    if isinstance(value, DictV):
        return list(value.keys[: cap + 1])
    if isinstance(value, RangeV):
        numbers = range(value.start, value.stop, value.step)
        return [Const(n) for n in numbers[: cap + 1]]
    if isinstance(value, Const) and isinstance(value.value, str | bytes | tuple):
        return [Const(item) for item in value.value[: cap + 1]]
    if isinstance(value, CounterV) and not value.lost:
        out: list[Value] = []
        for _ in range(cap + 1):
            out.append(Const(value.next_value))
            value.next_value += value.step
        return out
    if isinstance(value, CycleV):
        return [value.take() for _ in range(cap + 1)]
    if isinstance(value, EnumerateV):
        return _enumerate(m, value, loc, cap, lazy)
    if isinstance(value, ZipV):
        return _zip(m, value, loc, cap, lazy)
    if isinstance(value, MapV):
        return _map(m, value, loc, cap, lazy)
    if isinstance(value, FilterV):
        return _filter(m, value, loc, cap)
    return None


def _enumerate(m: Machine, value: EnumerateV, loc: Loc, cap: int, lazy: bool) -> list[Value]:
    inner = _items(m, value.source, loc, cap, lazy)
    if inner is None:
        inner = _symbolic(m, value.source, loc, lazy=lazy)
        m.trace.symbolic_loops.append(loc)
    start = value.start
    out: list[Value] = []
    for index, item in enumerate(inner):
        if isinstance(start, Const) and isinstance(start.value, int):
            number: Value = Const(start.value + index)
        elif isinstance(start, Sym):
            number = start.shifted(index)
        else:
            number = m.opaque("an enumerate index", loc)
        out.append(ListV([number, item], "tuple"))
    return out


def _zip(m: Machine, value: ZipV, loc: Loc, cap: int, lazy: bool) -> list[Value]:
    known = [_items(m, source, loc, cap, lazy) for source in value.sources]
    lengths = [len(items) for items in known if items is not None]
    if lengths:
        count = min(lengths)
    else:
        count = m.limits.symbolic_iterations
        m.trace.symbolic_loops.append(loc)
    columns = [
        items if items is not None else _symbolic(m, source, loc, count, lazy=lazy)
        for items, source in zip(known, value.sources, strict=True)
    ]
    return [ListV([column[i] for column in columns], "tuple") for i in range(count)]


def _map(m: Machine, value: MapV, loc: Loc, cap: int, lazy: bool) -> list[Value] | None:
    known = [_items(m, source, loc, cap, lazy) for source in value.sources]
    if any(items is None for items in known):
        return None
    rows = zip(*[items for items in known if items is not None], strict=False)
    return _applied(m, value, [list(row) for row in rows], loc, lazy)


def _applied(m: Machine, value: MapV, rows: list[list[Value]], loc: Loc, lazy: bool) -> list[Value]:
    """`map`'s function over its rows of arguments: each call when a lazy loop takes its item,
    or now (`list(map(f, xs))` takes them all at once)."""
    if lazy:
        return [TakenCall(value.func, row) for row in rows]
    return [m.call_value(value.func, CallArgs(row), loc) for row in rows]


def _filter(m: Machine, value: FilterV, loc: Loc, cap: int) -> list[Value] | None:
    """The kept items; an item the predicate cannot decide is kept in one world, not in another."""
    items = _items(m, value.source, loc, cap)
    if items is None:
        return None
    kept: list[Value] = []
    for item in items:
        test = item if is_none(value.func) else m.call_value(value.func, CallArgs([item]), loc)
        if m.truth(test, default=True, loc=loc):
            kept.append(item)
    return kept


def _symbolic(
    m: Machine, value: Value, loc: Loc, count: int | None = None, *, lazy: bool = False
) -> list[Value]:
    count = count if count is not None else m.limits.symbolic_iterations
    if isinstance(value, SeqSym):
        return [value.item(i) for i in range(count)]
    if isinstance(value, Sym):
        seq = SeqSym(value.key, value.describe(), value.where or str(loc))
        return [seq.item(i) for i in range(count)]
    if isinstance(value, MapV):
        # Over items of unknown number: the function still runs on each item followed.
        columns = []
        for source in value.sources:
            known = _items(m, source, loc, count, lazy)
            columns.append(known if known is not None else _symbolic(m, source, loc, count))
        rows = [list(row) for row in zip(*columns, strict=False)][:count]
        return _applied(m, value, rows, loc, lazy)
    if isinstance(value, FilterV):
        return [m.opaque(f"an item of `{loc.code}`", loc) for _ in range(count)]
    seq = SeqSym(f"iter#{m.serial()}", f"the items of `{loc.code}`", str(loc))
    return [seq.item(i) for i in range(count)]
