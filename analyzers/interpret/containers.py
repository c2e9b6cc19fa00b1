"""Items of lists, dicts and strings, known or symbolic: get, set, contains, unpack, slice."""

from __future__ import annotations

import re
import weakref
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import relevance, stand_ins
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import (
    PER_CALL,
    EngineArgsV,
    NamespaceV,
    RequestV,
    argument_of,
    object_key,
    same_argument,
)
from analyzers.interpret.signals import Raised
from analyzers.interpret.trace import Escaped
from analyzers.interpret.values import (
    NONE,
    OPAQUE_PREFIX,
    ClassV,
    Concat,
    Const,
    DictV,
    Ext,
    Hashed,
    HashText,
    InstV,
    ListV,
    Obj,
    Residue,
    SeqSym,
    Sym,
    Value,
    as_int,
    class_attribute,
    describe,
    known_apart,
    same,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine


@dataclass(eq=False)
class RangeV(Obj):
    start: int
    stop: int
    step: int = 1

    def __len__(self) -> int:
        return len(range(self.start, self.stop, self.step))


def key_text(value: Value) -> str:
    """A stable text for a value inside a derived symbol's key."""
    if isinstance(value, Const):
        return repr(value.value)
    if isinstance(value, Residue) and value.shift:
        return f"{value.key}{value.offset:+d}@{value.shift:+d}"
    if isinstance(value, Sym):
        return f"{value.key}{value.offset:+d}" if value.offset else value.key
    if isinstance(value, Hashed):
        return f"hash:{value.source}"
    if isinstance(value, Concat):
        return "+".join(key_text(part) for part in value.parts)
    return f"<{type(value).__name__}>"


def dedupe(items: list[Value]) -> list[Value]:
    kept: list[Value] = []
    for item in items:
        if not any(same(item, other) is True for other in kept):
            kept.append(item)
    return kept


def derived(m: Machine, base: Value, suffix: str, desc: str, loc: Loc) -> Sym:
    """`base[...]` or `base.attr` of an unknown: fixed when the base is, opaque otherwise."""
    if isinstance(base, Sym):
        return Sym(base.key + suffix, desc, opaque=base.opaque, where=base.where or str(loc))
    if isinstance(base, SeqSym):
        # a slice of an unknown result is as unknown as that result (`opaque#7[:2]`)
        opaque = base.key.startswith(OPAQUE_PREFIX)
        return Sym(base.key + suffix, desc, opaque=opaque, where=base.where or str(loc))
    return m.opaque(desc, loc)


def own_method(target: Value, name: str) -> bool:
    """Whether an instance's class (or a base in the repository) defines `name` (`__getitem__`):
    `table[path]` then runs it."""
    return isinstance(target, InstV) and class_attribute(target.cls, name) is not None


def _dunder(m: Machine, target: Value, name: str, args: list[Value], loc: Loc) -> Value:
    return m.call_value(m.get_attribute(target, name, loc), CallArgs(args), loc)


def get_item(m: Machine, target: Value, key: Value, loc: Loc) -> Value:
    if own_method(target, "__getitem__"):
        return _dunder(m, target, "__getitem__", [key], loc)
    index = as_int(key)
    if isinstance(target, ListV):
        if index is not None and -len(target.items) <= index < len(target.items):
            return target.items[index]
        return m.opaque(f"`{loc.code}`", loc)
    if isinstance(target, DictV):
        index, present = find_key(m, target, key, expected=True)
        if index is not None:
            return target.values[index]
        if present is False and target.missing is not None:  # a `defaultdict` fills it in
            value = m.call_value(target.missing, CallArgs(), loc)
            set_item(m, target, key, value, loc)
            return value
        if present is False:  # as `in` and `.get()` take it: no key can be the one asked for
            raise Raised("KeyError", loc.line, loc)
        return m.opaque(f"`{loc.code}`", loc)
    if isinstance(target, RangeV) and index is not None:
        try:
            return Const(range(target.start, target.stop, target.step)[index])
        except IndexError:
            return m.opaque(f"`{loc.code}`", loc)
    if (
        isinstance(target, Const)
        and isinstance(target.value, str | bytes | tuple)
        and index is not None
    ):
        try:
            return Const(target.value[index])
        except IndexError:
            return m.opaque(f"`{loc.code}`", loc)
    if isinstance(target, SeqSym) and index is not None and index >= 0:
        return target.item(index)
    if isinstance(target, EngineArgsV) and isinstance(key, Const) and isinstance(key.value, str):
        return target.kwargs.get(key.value) or m.opaque(f"`{loc.code}`", loc)
    if is_environ(target):
        return environment(m, key, None, loc)
    if isinstance(target, Sym):
        kept = _kept_item(m, target, key)
        if kept is not None:
            return kept
        changed = read_after_change(m, target, f"[{key_text(key)}]", describe(key), loc)
        if changed is not None:
            return changed
    if isinstance(target, Sym | SeqSym):
        base_desc = target.describe() if isinstance(target, Sym) else target.desc
        return derived(m, target, f"[{key_text(key)}]", f"{base_desc}[{describe(key)}]", loc)
    return m.opaque(f"`{loc.code}`", loc)


def is_environ(value: Value) -> bool:
    """`os.environ` itself (the run's environment: `environment`, `set_environment`)."""
    return isinstance(value, Ext) and value.qual == "os.environ"


def environment(m: Machine, key: Value, default: Value | None, loc: Loc) -> Value:
    """An environment variable: a fixed unknown, or its stated default in the world that
    keeps the defaults (one world for all of them, as for the command line's options). While
    a module is imported the default is taken, as for its other conditions. One the run set
    (`os.environ["ADAPTER"] = path`, the way a loop hands a folder to a helper) holds what it
    set; once the run set any, a variable named by a value it cannot name may be one of them."""
    if isinstance(key, Const) and key.value in m.environ:
        found = m.environ[key.value]
        if found is not None:
            return found
        return default if default is not None else NONE  # deleted: the default, if any
    if m.environ and (not isinstance(key, Const) or any(k.startswith("?") for k in m.environ)):
        return m.opaque(f"os.environ[{describe(key)}]", loc)
    name = key.value if isinstance(key, Const) else describe(key)
    stated = default is not None and not (isinstance(default, Const) and default.value is None)
    if stated and default is not None:
        if m.importing or _environment_kept(m):
            m.trace.assume(f"environment variable {name} is unset (default {describe(default)})")
            return default
        m.trace.assume_input(f"the environment setting {name}")
    return m.fixed(f"env:{name}", f"os.environ[{name!r}]", loc)


def _environment_kept(m: Machine) -> bool:
    shown = "whether the environment leaves its variables unset (their defaults)"
    return m.ask(shown, "env-defaults", default=True, weight=relevance.CALLS)


# A dict with more keys than this (a vocabulary, a table of model types) is not searched key by
# key for an unknown key: which entry it is stays unknown, as one answer, not one world each.
MAX_KEYED = 8


def dict_get(m: Machine, target: DictV, key: Value, loc: Loc) -> Value | None:
    """The value under `key`, or None when no key is known to match."""
    index, _ = find_key(m, target, key)
    return target.values[index] if index is not None else None


def find_key(
    m: Machine, target: DictV, key: Value, *, expected: bool = False
) -> tuple[int | None, bool | None]:
    """Where `key` is among the keys, and whether it is there (None: unknown). The keys are
    asked one by one, up to the first that is `key`: a world that takes an unknown key to be
    one of them does not also ask whether it is the next. `expected` (a subscript): a world
    takes an unknown key to be the first it may be, as the program expects, and the worlds
    that say otherwise go on to the next (the last raises KeyError)."""
    if len(target.keys) > MAX_KEYED and holds_unknown(key):
        for index in _may_be(target, key):
            if same(target.keys[index], key) is True:
                return index, True
        known = not target.open and all(known_apart(k, key) for k in target.keys)
        return None, False if known else None
    if type(key) is Const and all(type(existing) is Const for existing in target.keys):
        # Literal keys (a registry by name): `search` compares them by plain equality and no
        # world asks anything, so the weight of an answer is never read (nor worked out from
        # every value of a registry of thousands).
        weight = relevance.CALLS
    elif any(_holds_request(v) for v in target.values):
        weight = relevance.SITES
    else:
        weight = relevance.CALLS
    found, present = search(m, target.keys, key, default=expected, weight=weight)
    if found is None and target.open:
        return None, None
    return found, present


def _may_be(target: DictV, key: Value) -> Iterable[int]:
    """The places among the keys where `same(existing, key)` may say True. For an unknown key
    only that unknown itself (or a text made of it) can be: a table of thousands of unknown
    names (a parser built from dataclass fields) is looked up through an index by name, where
    asking `same` of every pair made each lookup cost as much as the table."""
    keys = target.keys
    if not isinstance(key, Sym):
        return range(len(keys))
    by_name, texts = _key_index(target)
    return sorted([*by_name.get(key.key, ()), *texts])


# Per table: the keys it had when indexed, and where each unknown's name and each text is.
_INDEXES: weakref.WeakKeyDictionary[
    DictV, tuple[tuple[Value, ...], dict[str, list[int]], list[int]]
] = weakref.WeakKeyDictionary()


def _key_index(target: DictV) -> tuple[dict[str, list[int]], list[int]]:
    """The index of `_may_be`, kept per table and extended as keys are added (the common
    change); rebuilt when an earlier key changed (compared by identity, at C speed)."""
    keys = target.keys
    kept = _INDEXES.get(target)
    start = 0
    if kept is not None:
        seen, by_name, texts = kept
        if len(seen) <= len(keys) and tuple(keys[: len(seen)]) == seen:
            start = len(seen)
        else:
            kept = None
    if kept is None:
        by_name, texts = {}, []
    for index in range(start, len(keys)):
        existing = keys[index]
        if isinstance(existing, Sym):
            by_name.setdefault(existing.key, []).append(index)
        elif isinstance(existing, Concat):
            texts.append(index)
    _INDEXES[target] = (tuple(keys), by_name, texts)
    return by_name, texts


def _holds_request(value: Value) -> bool:
    """A request, or an object or collection holding one: which of them a lookup finds
    decides what is served (a registry of requests by name)."""
    if isinstance(value, RequestV):
        return True
    items = (
        value.attrs.values()
        if isinstance(value, InstV)
        else value.items
        if isinstance(value, ListV)
        else value.values
        if isinstance(value, DictV)
        else ()
    )
    return any(isinstance(item, RequestV) for item in items)


def search(
    m: Machine,
    pool: list[Value],
    wanted: Value,
    *,
    default: bool = False,
    weight: int = relevance.CALLS,
) -> tuple[int | None, bool | None]:
    """Where `wanted` is in `pool` and whether it is there, each unknown pair asked in turn up
    to the first that is it (`same_key`): dict keys, list and set items. `weight`: how much
    the answer matters to the search (`relevance`): the keys of a registry of requests decide
    which request a later serve gets, so those pairs are tried before plain ones."""
    answers: list[bool | None] = []
    literal = wanted if type(wanted) is Const else None
    for index, existing in enumerate(pool):
        if literal is not None and type(existing) is Const:
            answer: bool | None = bool(existing.value == literal.value)  # as `same_key` has it
        else:
            answer = same_key(m, existing, wanted, default=default, weight=weight)
        if answer is True:
            return index, True
        answers.append(answer)
    return None, False if all(answer is False for answer in answers) else None


def same_key(
    m: Machine,
    stored: Value,
    wanted: Value,
    *,
    default: bool = False,
    weight: int = relevance.CALLS,
) -> bool | None:
    """Whether a dict key is the one stored. Two arguments of unseen callers (a registry's
    `EXPERTS[name]` written by one route and read by another), or two values the analysis
    cannot see (a name from a request body, a key of a mapping given to `__init__`), may be
    the same value: which they are is a decision of the world, once per pair."""
    stored, wanted = _as_taken(m, stored), _as_taken(m, wanted)
    answer = same(stored, wanted)
    if answer is True or known_apart(stored, wanted):
        return answer
    if isinstance(stored, InstV) and isinstance(wanted, InstV):  # `cache[Key(name, step)]`
        return _same_fields(m, stored, wanted, default=default, weight=weight)
    if isinstance(stored, ListV) and isinstance(wanted, ListV):  # `cache[(name, step)]`
        if len(stored.items) != len(wanted.items):
            return False
        parts = [
            same_key(m, a, b, default=default, weight=weight)
            for a, b in zip(stored.items, wanted.items, strict=True)
        ]
        return False if False in parts else (True if all(parts) else None)
    if isinstance(stored, Sym) and isinstance(wanted, Sym):
        if _siblings(stored.key, wanted.key):
            return answer
        return taken_as_same(
            m, stored.key, wanted.key, _asked(stored, wanted), default=default, weight=weight
        )
    # a name from a request against a literal key
    if holds_unknown(stored) or holds_unknown(wanted):
        memo = f"same-key:{key_text(stored)}={key_text(wanted)}"
        if not m.ask(_asked(stored, wanted), memo, default=default, weight=weight):
            return False
        m.trace.assume_input(_asked(stored, wanted).removeprefix("whether "))
        for symbol, literal in ((stored, wanted), (wanted, stored)):
            if isinstance(symbol, Sym) and symbol.offset == 0 and isinstance(literal, Const):
                key = m.trace.same_inputs.get(symbol.key, symbol.key)
                m.trace.taken_literals[key] = literal  # one literal per input and world
        return True
    return answer


def _as_taken(m: Machine, value: Value) -> Value:
    """The literal this world took an input to be, if it took one."""
    if isinstance(value, Sym) and value.offset == 0 and m.trace.taken_literals:
        literal: Value | None = m.trace.taken_literals.get(
            m.trace.same_inputs.get(value.key, value.key)
        )
        return literal if literal is not None else value
    return value


def _same_fields(
    m: Machine, stored: InstV, wanted: InstV, *, default: bool, weight: int
) -> bool | None:
    """Two instances of one class that compares by its declared fields (no `__eq__` of its
    own), field by field as a tuple key is; any other pair stays as `same` has it."""
    names = _declared_fields(stored.cls)
    if stored.cls is not wanted.cls or names is None:
        return same(stored, wanted)
    if any(name not in stored.attrs or name not in wanted.attrs for name in names):
        return None
    parts = [
        same_key(m, stored.attrs[n], wanted.attrs[n], default=default, weight=weight) for n in names
    ]
    return False if False in parts else (True if all(parts) else None)


def _declared_fields(cls: ClassV) -> list[str] | None:
    """The fields a generated `__eq__` compares, or None when equality is the class's own."""
    names: list[str] = []
    for base in cls.bases:
        if isinstance(base, ClassV):
            inherited = _declared_fields(base)
            if inherited is None:
                return None
            names += [name for name in inherited if name not in names]
    if "__eq__" in cls.attrs:
        return None
    names += [name for name in cls.fields if name not in names and name not in cls.uncompared]
    return names or None


def holds_unknown(value: Value) -> bool:
    return isinstance(value, Sym) or (
        isinstance(value, Concat) and any(isinstance(part, Sym) for part in value.parts)
    )


def _asked(stored: Value, wanted: Value) -> str:
    first, second = describe(wanted), describe(stored)
    if first == second:  # `name` of generate() and of load(): say whose each is
        first, second = _owned(wanted, first), _owned(stored, second)
    return f"whether {first} is {second}"


def _owned(value: Value, desc: str) -> str:
    """`load()'s name` for the argument `name` of a call of `load()`."""
    argument = argument_of(value.key) if isinstance(value, Sym) else None
    if argument is None:
        return desc
    function = argument.partition(":")[2].rpartition("#")[0].rpartition(".")[0]
    return f"{function}()'s {desc}"


def taken_as_same(
    m: Machine,
    stored: str,
    wanted: str,
    text: str,
    *,
    default: bool = False,
    weight: int = relevance.CALLS,
) -> bool:
    """Whether this world takes two caller inputs to be one value; once it does, the judge
    sees them as one (`Trace.same_inputs`)."""
    aliases = m.trace.same_inputs
    first, second = (aliases.get(key, key) for key in (stored, wanted))
    if first == second:
        return True
    low, high = sorted((first, second))
    if not m.ask(text, f"same-key:{low}={high}", default=default, weight=weight):
        return False
    m.trace.assume_input(text.removeprefix("whether "))
    for key, target in list(aliases.items()):
        if target == high:
            aliases[key] = low
    aliases[high] = low
    return True


_INDEX = re.compile(r"\[\d+\]")


def _siblings(left: str, right: str) -> bool:
    """Two items of one unknown sequence, or the same part of two (`names[0]`, `names[1]`;
    `modules[0].name`, `modules[1].name`): the unrolled items of a loop stand for distinct
    items, as everywhere else, so their keys are not asked about."""
    return (
        left != right
        and _INDEX.search(left) is not None
        and _INDEX.split(left) == _INDEX.split(right)
    )


def get_slice(m: Machine, target: Value, bounds: list[Value], loc: Loc) -> Value:
    numbers: list[int | None] = []
    for bound in bounds:
        if isinstance(bound, Const) and (bound.value is None or type(bound.value) is int):
            numbers.append(bound.value)
    if len(numbers) == len(bounds):
        piece = slice(*numbers)
        if isinstance(target, ListV):
            return ListV(target.items[piece], target.kind)
        if isinstance(target, Const) and isinstance(target.value, str | bytes):
            return Const(target.value[piece])
        if isinstance(target, HashText) and piece.step is None:
            width = len(range(*piece.indices(target.bits // 4)))
            return HashText(target.source, f"{target.desc}[{loc.code.partition('[')[2]}", width * 4)
    if isinstance(target, SeqSym | Sym):
        text = ":".join(
            "" if isinstance(b, Const) and b.value is None else describe(b) for b in bounds[:2]
        )
        base_desc = target.desc if isinstance(target, SeqSym) else target.describe()
        return SeqSym(
            f"{key_text(target) if isinstance(target, Sym) else target.key}[{text}]",
            f"{base_desc}[{text}]",
            str(loc),
        )
    return m.opaque(f"`{loc.code}`", loc)


def update_environment(m: Machine, source: Value, loc: Loc) -> None:
    """`os.environ.update(source)` / `os.environ |= source`: each key the dict names is set; an
    unknown mapping may set any."""
    if isinstance(source, DictV) and not source.open:
        for key, value in zip(source.keys, source.values, strict=True):
            set_environment(m, key, value, loc)
    else:
        environment_unknown(m, loc)


def environment_unknown(m: Machine, loc: Loc) -> None:
    """Code the analysis cannot see was handed `os.environ` (`patch.dict(os.environ, ...)`,
    `load_dotenv()`): every variable may hold anything from here on."""
    set_environment(m, m.opaque("a variable the environment was given", loc), NONE, loc)


def set_environment(m: Machine, key: Value, value: Value | None, loc: Loc) -> None:
    """`os.environ[key] = value` (None: the variable deleted). A key the run cannot name makes
    every variable it set unknown from here on."""
    if isinstance(key, Const) and isinstance(key.value, str):
        m.environ[key.value] = value
        return
    for name in list(m.environ):
        m.environ[name] = m.opaque(f"os.environ[{name!r}]", loc)
    m.environ[f"?{m.serial()}"] = None  # reads of names it cannot tell apart stay unknown


def set_item(m: Machine, target: Value, key: Value, value: Value, loc: Loc) -> None:
    if is_environ(target):
        set_environment(m, key, value, loc)
    elif own_method(target, "__setitem__"):
        _dunder(m, target, "__setitem__", [key, value], loc)
    elif isinstance(target, DictV):
        index, _ = find_key(m, target, key)
        if index is not None:
            target.values[index] = value
            return
        target.keys.append(key)
        target.values.append(value)
    elif isinstance(target, ListV):
        position = as_int(key)
        if position is not None and -len(target.items) <= position < len(target.items):
            target.items[position] = value
    elif isinstance(target, EngineArgsV) and isinstance(key, Const) and isinstance(key.value, str):
        target.kwargs[key.value] = value
    elif stand_ins.is_sys_modules(target):
        stand_ins.replace(m, key, value)  # `sys.modules["vllm"] = MagicMock()`
    elif isinstance(target, Sym):
        # An item of an object the analysis cannot see into: remembered for later reads.
        kept = object_key(target)
        if kept is not None:
            m.unseen.attrs[(kept, f"[{key_text(key)}]")] = value
            stored_in_unseen(m, value, f"{target.describe()}[{describe(key)}]", loc)


# Where an unknown object's items changed in ways the run could not keep (`cfg.update(other)`,
# `cfg.clear()`): the marker's number tells reads after one change from reads after another.
_CHANGED = "*"
_MAYBE = "?"  # may have changed: the world decides at the next read
# Methods that change an unknown mapping's items in place.
MUTATORS = frozenset(
    {"update", "setdefault", "pop", "popitem", "clear", "__setitem__", "__delitem__"}
    | {"merge_with", "merge", "set", "put"}
)


def mutate_unknown(m: Machine, target: Sym, name: str, args: CallArgs, loc: Loc) -> None:
    """`cfg.update({"adapter_path": ckpt})` on an object the analysis cannot see into: known
    items are kept as `cfg[key] = value` keeps them; any other change leaves every item unknown
    from here on, never what an earlier read gave (the same path read twice around an update
    is not one adapter)."""
    mapping = args.positional[0] if len(args.positional) == 1 else None
    known = mapping is None or isinstance(mapping, DictV)
    if name == "update" and known and args.star is None and args.star_star is None:
        if isinstance(mapping, DictV):
            for key, value in zip(mapping.keys, mapping.values, strict=False):
                set_item(m, target, key, value, loc)
        for word, value in args.keywords.items():
            set_item(m, target, Const(word), value, loc)
        if not (isinstance(mapping, DictV) and mapping.open):
            return
    kept = object_key(target)
    if kept is None:
        return
    for entry in [e for e in m.unseen.attrs if e[0] == kept and e[1].startswith("[")]:
        del m.unseen.attrs[entry]
    changed_unknown(m, target)


def changed_unknown(m: Machine, target: Value) -> None:
    """Code the analysis cannot see had `target` (its method ran, or it was handed over) and
    may have changed what it holds: its items and attributes read from here on are new
    unknowns (`read_after_change`), never taken to be what an earlier read gave. What the run
    itself wrote on it stays as written."""
    kept = object_key(target)
    if kept is not None:
        m.unseen.attrs[(kept, _CHANGED)] = Const(m.serial())


_IN_PLACE = "_"  # a tensor method that changes it in place ran (`t.add_(delta)`)


def changed_in_place(m: Machine, target: Value) -> None:
    """`t.add_(delta)`, `t.copy_(new)` (torch's trailing underscore): the object's values are
    new from here on, and so is any request content that holds it (`stamped`)."""
    kept = object_key(target)
    if kept is not None:
        m.unseen.attrs[(kept, _IN_PLACE)] = Const(m.serial())


def stamped(m: Machine, value: Value) -> Value:
    """A request's content as it is at a serve: a dict or list holding an object changed in
    place since it was put there is a new payload (`Const` of its changes), else itself."""
    marks = sorted(_in_place_marks(m, value, 0))
    return Const(f"{key_text(value)}@{','.join(marks)}") if marks else value


def _in_place_marks(m: Machine, value: Value, depth: int) -> Iterator[str]:
    if depth > 3:
        return
    if isinstance(value, Sym):
        kept = object_key(value)
        mark = m.unseen.attrs.get((kept, _IN_PLACE)) if kept is not None else None
        if isinstance(mark, Const):
            yield f"{kept}:{mark.value}"
    elif isinstance(value, DictV):
        for item in value.values:
            yield from _in_place_marks(m, item, depth + 1)
    elif isinstance(value, ListV):
        for item in value.items:
            yield from _in_place_marks(m, item, depth + 1)


def may_have_changed(m: Machine, target: Value) -> None:
    """Code the analysis cannot see held `target` and may or may not have changed it (a caller
    between two calls): the world answers which when it is next read (`_change_marker`)."""
    kept = object_key(target)
    if kept is not None:
        m.unseen.attrs[(kept, _MAYBE)] = Const(m.serial())


def _change_marker(m: Machine, owner: Sym) -> Const | None:
    """The mark `changed_unknown` left on an unknown object, if any; where it may have changed,
    the world first answers whether it did."""
    kept = object_key(owner)
    if kept is None:
        return None
    maybe = m.unseen.attrs.pop((kept, _MAYBE), None)
    if isinstance(maybe, Const):
        question = f"the caller changing {owner.describe()} between two calls"
        if m.ask(question, f"moved:{kept}:{maybe.value}", default=False):
            m.trace.assume_input(question)
            m.unseen.attrs[(kept, _CHANGED)] = maybe
    marker = m.unseen.attrs.get((kept, _CHANGED))
    return marker if isinstance(marker, Const) else None


def unknown_get(m: Machine, owner: Sym, args: CallArgs, loc: Loc) -> Value | None:
    """`cfg.get("lora_id", 1)` on a mapping the analysis cannot see into: what the run put
    under the key, else one unknown for the lookup, the same for the same lookup until the
    mapping changes (`read_after_change`), which may or may not equal another lookup's value
    or the default. None for a call it does not read (`get(*keys)`, an unknown key)."""
    if args.star is not None or args.star_star is not None or args.keywords:
        return None
    if not 1 <= len(args.positional) <= 2 or not isinstance(args.positional[0], Const):
        return None
    key = args.positional[0]
    kept = _kept_item(m, owner, key)
    if kept is not None:
        return kept
    default = args.positional[1] if len(args.positional) == 2 else NONE
    if not isinstance(default, Const):
        return None
    marker = _change_marker(m, owner)
    after = f"@{marker.value}" if marker is not None else ""
    m.unseen.use(owner)
    return Sym(
        f"{owner.key}.get({key_text(key)}, {key_text(default)}){after}",
        f"{owner.describe()}.get({describe(key)})",
        opaque=True,
        where=str(loc),
    )


def read_after_change(m: Machine, owner: Sym, index: str, shown: str, loc: Loc) -> Sym | None:
    """An item or attribute (`index`: `[key]`, `.name`) of an unknown object read after its
    items changed in ways not kept (`mutate_unknown`): one unknown per change, which may or
    may not equal what it was before; None where nothing changed."""
    marker = _change_marker(m, owner)
    if marker is None:
        return None
    joined = f"{owner.describe()}[{shown}]" if index.startswith("[") else owner.describe() + index
    return Sym(f"{owner.key}{index}@{marker.value}", joined, opaque=True, where=str(loc))


def delete_key(m: Machine, target: Value, key: Value, *, expected: bool = False) -> None:
    """`del d[key]` (`expected`: the program expects the key) or `d.pop(key)`: the entry the
    key is goes, found as a lookup finds it (a caller's name may be a kept one)."""
    if isinstance(target, DictV):
        index, _ = find_key(m, target, key, expected=expected)
        if index is not None:
            del target.keys[index]
            del target.values[index]


def update_dict(m: Machine, target: DictV, source: Value, loc: Loc) -> None:
    if isinstance(source, DictV):
        target.open = target.open or source.open
        for key, value in zip(source.keys, source.values, strict=True):
            set_item(m, target, key, value, loc)
    elif isinstance(source, EngineArgsV | NamespaceV):
        items = source.kwargs if isinstance(source, EngineArgsV) else source.attrs
        for name, value in items.items():
            set_item(m, target, Const(name), value, loc)
        target.open = target.open or (isinstance(source, EngineArgsV) and source.unknown_rest)
    else:
        target.open = True  # entries the analysis cannot list


def spread_keywords(source: Value, into: dict[str, Value]) -> bool:
    """`f(**source)`: True when every key is a known string."""
    if isinstance(source, DictV):
        if not all(isinstance(k, Const) and isinstance(k.value, str) for k in source.keys):
            return False
        for key, value in zip(source.keys, source.values, strict=True):
            assert isinstance(key, Const)
            into[str(key.value)] = value
        return not source.open
    if isinstance(source, EngineArgsV):
        into.update(source.kwargs)
        return not source.unknown_rest
    if isinstance(source, NamespaceV):
        into.update(source.attrs)
        return True
    return False


def contains(m: Machine, container: Value, item: Value) -> bool | None:
    if isinstance(container, DictV):
        return find_key(m, container, item)[1]
    if isinstance(container, ListV):
        if len(container.items) <= MAX_KEYED and any(map(holds_unknown, container.items)):
            return search(m, container.items, item)[1]  # names an earlier call kept
        answers = [same(item, existing) for existing in container.items]
        if True in answers:
            return True
        return False if all(answer is False for answer in answers) else None
    if isinstance(container, Sym):
        return True if _kept_item(m, container, item) is not None else None
    if isinstance(container, RangeV) and as_int(item) is not None:
        return as_int(item) in range(container.start, container.stop, container.step)
    if isinstance(container, Const) and isinstance(item, Const):
        try:
            return bool(item.value in container.value)  # type: ignore[operator]
        except TypeError:
            return None
    return None


def length(m: Machine, value: Value, loc: Loc) -> Value:
    if own_method(value, "__len__"):
        return _dunder(m, value, "__len__", [], loc)
    if isinstance(value, ListV):
        return Const(len(value.items))
    if isinstance(value, DictV):
        return Const(len(value.keys))
    if isinstance(value, RangeV):
        return Const(len(value))
    if isinstance(value, Const) and isinstance(value.value, str | bytes | tuple):
        return Const(len(value.value))
    if isinstance(value, Sym | SeqSym):
        desc = value.describe() if isinstance(value, Sym) else value.desc
        return derived(m, value, ".__len__", f"len({desc})", loc)
    return m.opaque(f"`{loc.code}`", loc)


def unpack(m: Machine, value: Value, count: int, star: int | None, loc: Loc) -> list[Value]:
    """Split a value over `count` targets (one of them starred at index `star`)."""
    if isinstance(value, ListV | DictV):
        items = value.items if isinstance(value, ListV) else list(value.keys)
        if star is None and len(items) == count:
            return list(items)
        if star is not None and len(items) >= count - 1:
            tail = count - star - 1
            middle = items[star : len(items) - tail]
            return [*items[:star], ListV(middle), *items[len(items) - tail :]]
    if isinstance(value, Const) and isinstance(value.value, tuple) and len(value.value) == count:
        return [Const(item) for item in value.value]
    base = value if isinstance(value, Sym | SeqSym) else None
    out: list[Value] = []
    for index in range(count):
        if base is not None:
            desc = base.describe() if isinstance(base, Sym) else base.desc
            out.append(derived(m, base, f"[{index}]", f"{desc}[{index}]", loc))
        else:
            out.append(m.opaque(f"item {index} of `{loc.code}`", loc))
    return out


def stored_in_unseen(
    m: Machine, value: Value, where: str, loc: Loc, *, private: bool = False
) -> None:
    """A request kept where code the analysis cannot see reads it (a registry) may be served.
    `private`: kept under an attribute named `_like_this`, the state of the code that set it,
    which the object's other users do not write into."""
    if isinstance(value, RequestV) and not value.mock:
        m.trace.facts.append(Escaped(value, f"the code that reads {where}", loc))
    if isinstance(value, DictV) and not private:
        value.open = True  # the code that reads it may also write to it


def _kept_item(m: Machine, owner: Sym, key: Value) -> Value | None:
    """An item written earlier on an unknown object under `key`, or under the same argument of
    another call of the same function: unseen callers may pass the same name twice, so whether
    they did is a decision of the world (once per pair of calls)."""
    owner_key = object_key(owner)
    if owner_key is None:
        return None
    wanted = key_text(key)
    exact = m.unseen.attrs.get((owner_key, f"[{wanted}]"))
    if exact is not None or not isinstance(key, Sym) or not wanted.startswith(PER_CALL):
        return exact
    for (stored_owner, index), value in list(m.unseen.attrs.items()):
        if stored_owner != owner_key or not index[1:].startswith(PER_CALL):
            continue
        other = index[1:-1]
        if same_argument(other, wanted):
            text = f"whether {describe(key)} is the one of an earlier call"
            if taken_as_same(m, other, wanted, text):
                return value
    return None
