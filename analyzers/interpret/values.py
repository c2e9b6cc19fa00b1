"""Abstract values: what the interpreter knows about a run-time value without running anything.

Scalars are immutable (`Const`, `Sym`, `Concat`, `Hashed`); containers and objects are mutable and
compared by identity, exactly as Python does. `same(a, b)` answers True, False or None (unknown).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import ast

    from analyzers.files.program import Module


class Value:
    """Base of every abstract value."""

    __slots__ = ()


@dataclass(frozen=True)
class Const(Value):
    """A known Python literal (int, float, str, bytes, bool, None).

    `period` remembers that an int came out of `x % k`, so a loop cut short can be told apart
    from one whose ids would wrap around later; `tests`, the counts' tests a bool came from.
    """

    value: object
    period: int | None = field(default=None, compare=False)
    # The tests of counts that made this bool, where it was made outside an `if` test
    # (`should_save = step >= 8`): the `if` that tests it later keeps them (`guards.py`).
    tests: tuple[object, ...] = field(default=(), compare=False)


NONE = Const(None)
TRUE = Const(True)
FALSE = Const(False)


# How the key of an opaque value (the result of code the analysis cannot see) begins.
OPAQUE_PREFIX = "opaque#"


def plus(desc: str, delta: int, *, always: bool = False) -> str:
    """`desc + delta` in words (`x - 2`); `desc` alone for 0 unless `always`."""
    if not delta and not always:
        return desc
    return f"{desc} {'+' if delta >= 0 else '-'} {abs(delta)}"


@dataclass(frozen=True)
class Sym(Value):
    """An unknown value; the same `key` (and `offset`) is the same run-time value.

    `opaque` marks a result of code the analysis cannot see (a call into a library): two opaque
    values may or may not be equal. A non-opaque symbol (a CLI argument, an environment variable,
    the i-th item of an unknown list) is fixed for the run and assumed distinct from other keys.
    """

    key: str
    desc: str
    offset: int = 0
    opaque: bool = False
    where: str = ""

    def shifted(self, delta: int) -> Sym:
        return Sym(self.key, self.desc, self.offset + delta, self.opaque, self.where)

    def describe(self) -> str:
        return plus(self.desc, self.offset)


@dataclass(frozen=True)
class Cond(Value):
    """`subject == literal` (or `in` several literals; `negated` for `!=`, `not in`) on an input
    fixed for the run: each world answers it once, and later tests of the same input agree."""

    subject: str  # the input's key (`key_text` of its symbol)
    desc: str  # the input in words: `args.mode`
    literals: tuple[object, ...]
    negated: bool = False
    where: str = ""
    modulus: int | None = None  # the subject is a remainder: one of `range(modulus)`

    def describe(self) -> str:
        if len(self.literals) == 1:
            return f"{self.desc} {'!=' if self.negated else '=='} {self.literals[0]!r}"
        shown = ", ".join(repr(literal) for literal in self.literals)
        return f"{self.desc} {'not in' if self.negated else 'in'} ({shown})"


@dataclass(frozen=True)
class Concat(Value):
    """A string built from parts (f-strings, `+`, `os.path.join`, `Path / name`)."""

    parts: tuple[Value, ...]


@dataclass(frozen=True)
class Hashed(Value):
    """An int from a hash, digest, clock or random source.

    Two values from the same `source` are equal (hash() is stable within one process); values
    from different sources differ except with a probability bounded by `modulus`.
    `kind` is "hash" (salted per process, 64-bit, may be negative), "digest", "crc", "clock",
    "coarse-clock" (seconds: repeats within a second) or "random".
    """

    kind: str
    source: str
    desc: str
    modulus: int | None = None
    offset: int = 0
    nonneg: bool = False
    where: str = ""
    nonzero: bool = False  # `digest or 1`: a zero digest was replaced (so no id 0)


@dataclass(frozen=True)
class VersionV(Value):
    """The installed vLLM's version (`vllm.__version__`; `form` says how it is read: "text",
    "parsed", "tuple", "major", ...), or with `literal` a version written in the code."""

    form: str
    literal: tuple[int, ...] | None = None
    desc: str = "vllm.__version__"


@dataclass(frozen=True)
class HashText(Value):
    """A hex digest string: `int(text, 16)` turns it into a `Hashed` of `bits` bits."""

    source: str
    desc: str
    bits: int


class Obj(Value):
    """A mutable object compared by identity."""

    __slots__ = ()


@dataclass(eq=False)
class ListV(Obj):
    """A list, tuple or set with known items."""

    items: list[Value]
    kind: str = "list"


@dataclass(eq=False)
class DictV(Obj):
    """A dict with known entries; `open` when code the analysis cannot see may have added more
    (it was handed to a library, or updated from an unknown mapping)."""

    keys: list[Value] = field(default_factory=list)
    values: list[Value] = field(default_factory=list)
    open: bool = False
    missing: Value | None = None  # a `defaultdict`'s factory: called for a key it lacks


@dataclass(eq=False)
class FuncV(Obj):
    """A function of the analysed repository, with its defining scope and defaults."""

    node: ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda
    module: Module
    closure: object  # analyzers.interpret.scope.Scope
    defaults: dict[str, Value]
    name: str
    bound_self: Value | None = None
    setter: Value | None = None  # a property's `@name.setter`, called by `obj.name = value`
    decorators: tuple[str, ...] = ()
    memo: dict[str, Value] | None = None
    patches: tuple[str, ...] = ()  # module attributes `@patch(...)` replaces while it runs


@dataclass(eq=False)
class ClassV(Obj):
    name: str
    module: Module
    attrs: dict[str, Value]
    bases: list[Value]
    fields: list[str] = field(default_factory=list)
    uncompared: tuple[str, ...] = ()  # fields declared `field(compare=False)`
    # Each field's default as the class statement left it: a generated `__init__` sets that
    # value on the instance, whatever the class attribute holds by then.
    defaults: dict[str, Value] = field(default_factory=dict)


@dataclass(eq=False)
class SuperV(Obj):
    """`super()` in a method of `start` called on `instance`: attributes are looked up in the
    classes after `start`."""

    start: ClassV
    instance: Value


@dataclass(eq=False)
class InstV(Obj):
    cls: ClassV
    attrs: dict[str, Value] = field(default_factory=dict)
    born: int = -1  # the run's serial number when it was made (`Unseen.keep`)
    task: int = 0  # a started `Thread` / `Process` subclass: serves until joined (`processes`)


class LazyImport(Obj):
    """A name an imported module imports: resolved (and its module parsed) when first read.

    Most names a library module imports are never touched by the driver; resolving them lazily
    keeps the analysis from parsing a whole package. A subclass says how to resolve (a plain
    object of a few fields: a run's state holds hundreds of thousands, and each is copied
    whenever the state is).
    """

    def __init__(self, name: str) -> None:
        self.name = name  # the module and name it imports, which names the unknown of a cycle
        self.value: Value | None = None
        self.busy = False

    def resolve(self) -> Value:
        raise NotImplementedError

    def force(self) -> Value:
        if self.value is None:
            if self.busy:  # read again while its own import runs (a circular import)
                return Sym(f"lazy#{self.name}", "a name from a circular import", opaque=True)
            self.busy = True
            try:
                self.value = self.resolve()
            finally:
                self.busy = False
        return self.value


def forced(value: Value) -> Value:
    return value.force() if isinstance(value, LazyImport) else value


@dataclass(eq=False)
class ModV(Obj):
    """A module of the analysed repository (its globals once its top level has run)."""

    module: Module
    scope: object  # analyzers.interpret.scope.Scope


@dataclass(eq=False)
class Ext(Obj):
    """A name from outside the repository, by qualified name: `vllm.LLM`, `os.path.join`."""

    qual: str


@dataclass(eq=False)
class BoundExt(Obj):
    """A library method looked up on a known value: `items.append`, `llm.generate`."""

    target: Value
    name: str


@dataclass(eq=False)
class CounterV(Obj):
    """`itertools.count(start, step)`, and vLLM's `Counter` and `AtomicCounter`
    (`builtins_model._count`). `lost`: moved by an unknown amount, its values are unknown."""

    next_value: int
    step: int = 1
    lost: bool = False


@dataclass(eq=False)
class CycleV(Obj):
    """`itertools.cycle(items)` over known items: the next one is `items[position % len]`."""

    items: list[Value]
    position: int = 0

    def take(self) -> Value:
        value = self.items[self.position % len(self.items)]
        self.position += 1
        return value


@dataclass(eq=False)
class SeqSym(Obj):
    """An iterable whose items and length are unknown (a CLI list, a directory listing)."""

    key: str
    desc: str
    where: str = ""

    def item(self, index: int) -> Value:
        return Sym(f"{self.key}[{index}]", f"{self.desc}[{index}]", where=self.where)


@dataclass(frozen=True)
class SteppedItem(Sym):
    """An item of a `SteppedSeq`: one unknown (the sequence) shifted by the item's place, so that
    two items are never equal, while a test of one against a number stays a decision (a loop of
    unknown length is only followed for a few items: `if i == 5` must not be decided False)."""

    first: str = ""  # the sequence's first item followed, in words (`range(n)[0]`)
    start: int = 0  # that item's offset
    # an item of calls made in a few rounds (a trainer's steps, `trainers.py`), not of a loop:
    # no loop is followed further to cover a period of its remainders
    rounds: bool = False

    def describe(self) -> str:
        return self.desc

    def shifted(self, delta: int) -> Sym:
        return replace(self, desc=plus(self.desc, delta, always=True), offset=self.offset + delta)

    def residue(self, modulus: int) -> Residue:
        """`item % modulus`: items `modulus` apart share it, neighbours differ (a ping-pong of
        two folders alternates), so every item's test is a test of the first item's."""
        return Residue(
            f"({self.key})%{modulus}",
            f"{self.desc} % {modulus}",
            (self.offset - self.start) % modulus,
            where=self.where,
            modulus=modulus,
            first=f"{self.first} % {modulus}",
        )


@dataclass(frozen=True)
class Residue(Sym):
    """`i % k + shift` of a `SteppedItem`: `(F + offset) % k + shift`, where F (the key, one
    unknown per loop) is the first followed item's remainder (`residue_same` compares two)."""

    modulus: int = 2
    first: str = ""  # F in words
    shift: int = 0
    # Whether F decides every item's tests: where the run follows a whole period of the loop
    # (2k + 1 items), or will be run again that far when its answer is safe (`operators.py`),
    # for the items it leaves out repeat those it follows. Otherwise each item is tested on its
    # own (`conditions.residue_test`): `step % 50 == 0` at a trainer's step, followed for three
    # steps, holds again fifty steps later.
    whole: bool = True

    def describe(self) -> str:
        return plus(self.desc, self.shift)

    def shifted(self, delta: int) -> Residue:
        return replace(self, shift=self.shift + delta)


def residue_same(left: Residue, right: Residue) -> bool | None:
    """Two remainders of one loop: equal offsets give equal remainders, so the shifts decide;
    equal shifts and other offsets never meet; otherwise it depends on F."""
    if left.offset == right.offset:
        return left.shift == right.shift
    return False if left.shift == right.shift else None


@dataclass(eq=False)
class SteppedSeq(SeqSym):
    """`range(1, len(rows) + 1)`: the length is unknown, but the items step evenly."""

    start: int = 0
    step: int = 1

    def item(self, index: int) -> Value:
        offset = self.start + index * self.step
        return SteppedItem(
            self.key,
            f"{self.desc}[{index}]",
            offset,
            where=self.where,
            first=f"{self.desc}[0]",
            start=self.start,
        )


def as_int(value: Value | None) -> int | None:
    """The int a value certainly is (not a bool), or None."""
    if (
        isinstance(value, Const)
        and isinstance(value.value, int)
        and not isinstance(value.value, bool)
    ):
        return value.value
    return None


def is_none(value: Value) -> bool:
    return isinstance(value, Const) and value.value is None


def is_text(value: Value) -> bool:
    return (isinstance(value, Const) and isinstance(value.value, str)) or isinstance(
        value, Concat | HashText
    )


def concat(*parts: Value) -> Value:
    """Join string parts, folding constants; a single constant part stays a `Const`."""
    flat: list[Value] = []
    for part in parts:
        pieces = part.parts if isinstance(part, Concat) else (part,)
        for piece in pieces:
            if isinstance(piece, Const) and piece.value in ("", None):
                continue
            if (
                flat
                and isinstance(piece, Const)
                and isinstance(flat[-1], Const)
                and isinstance(piece.value, str)
                and isinstance(flat[-1].value, str)
            ):
                flat[-1] = Const(f"{flat[-1].value}{piece.value}")
            else:
                flat.append(piece if not isinstance(piece, Const) else as_text(piece))
    if not flat:
        return Const("")
    if len(flat) == 1 and isinstance(flat[0], Const):
        return flat[0]
    return Concat(tuple(flat))


def as_text(value: Const) -> Const:
    if isinstance(value.value, str):
        return value
    if isinstance(value.value, bytes):
        return Const(value.value.decode("utf-8", "replace"))
    return Const(str(value.value))


def _tokens(value: Value) -> tuple[object, ...] | None:
    parts = value.parts if isinstance(value, Concat) else (value,)
    out: list[object] = []
    for part in parts:
        if isinstance(part, Const):
            out.append(str(part.value))
        elif isinstance(part, Sym):
            out.append(part)
        else:
            return None
    return tuple(out)


def _aligned_apart(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Texts of one shape (`f"{base}:{path}"` twice) whose inputs at one place are two distinct
    run-time inputs: different, as those inputs are taken to be, whatever the other places."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        if isinstance(x, str) != isinstance(y, str) or (isinstance(x, str) and x != y):
            return False
    return any(
        isinstance(x, Sym) and isinstance(y, Sym) and same(x, y) is False
        for x, y in zip(a, b, strict=True)
    )


def _literal_apart(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """Texts that certainly differ in their known parts: past the parts both begin and end with
    (the same input, the same text), what is left is two different literals, or begins or ends
    with text that disagrees (`f"{run}/checkpoint-250"` and `f"{run}/checkpoint-500"`)."""
    x, y = _merged(a), _merged(b)
    while x and y and _same_token(x[0], y[0]):
        x.pop(0)
        y.pop(0)
    while x and y and _same_token(x[-1], y[-1]):
        x.pop()
        y.pop()
    if all(isinstance(t, str) for t in (*x, *y)):
        return "".join(map(str, x)) != "".join(map(str, y))
    if not x or not y:
        return False
    head_x, head_y, tail_x, tail_y = x[0], y[0], x[-1], y[-1]
    if isinstance(head_x, str) and isinstance(head_y, str):
        n = min(len(head_x), len(head_y))
        if head_x[:n] != head_y[:n]:
            return True
    if isinstance(tail_x, str) and isinstance(tail_y, str):
        n = min(len(tail_x), len(tail_y))
        if n and tail_x[-n:] != tail_y[-n:]:
            return True
    return False


def _merged(tokens: tuple[object, ...]) -> list[object]:
    out: list[object] = []
    for token in tokens:
        if isinstance(token, str) and not token:
            continue
        if isinstance(token, str) and out and isinstance(out[-1], str):
            out[-1] = f"{out[-1]}{token}"
        else:
            out.append(token)
    return out


def _same_token(x: object, y: object) -> bool:
    if isinstance(x, str) or isinstance(y, str):
        return x == y
    return isinstance(x, Sym) and isinstance(y, Sym) and (x.key, x.offset) == (y.key, y.offset)


_PLAIN_BASES = ("object", "builtins.object", "abc.ABC")


def class_attribute(cls: ClassV, name: str, after: ClassV | None = None) -> Value | None:
    """What the class, or the first class of its method resolution order that has it, holds
    under `name`; with `after`, only the classes that come after that one (`super()`)."""
    chain = mro(cls)
    start = 0
    if after is not None:
        start = next((i + 1 for i, klass in enumerate(chain) if klass is after), len(chain))
    for klass in chain[start:]:
        if isinstance(klass, ClassV) and name in klass.attrs:
            return klass.attrs[name]
    return None


# Per class, its method resolution order (a class's bases never change once it is made).
_MROS: weakref.WeakKeyDictionary[ClassV, tuple[Value, ...]] = weakref.WeakKeyDictionary()


def mro(cls: ClassV) -> tuple[Value, ...]:
    """The classes Python looks an attribute up in, in order (C3, as `cls.__mro__`): with
    mixins `class Worker(Tracing, PinnedId)`, `super()` in `Tracing` is `PinnedId`, and a
    diamond's shared base comes after both sides. Bases outside the repository are in it as
    they are; an order C3 refuses (Python raises TypeError) falls back to depth first."""
    found = _MROS.get(cls)
    if found is None:
        found = _MROS[cls] = _linearise(cls, set())
    return found


def _linearise(cls: ClassV, under: set[int]) -> tuple[Value, ...]:
    if id(cls) in under:  # a class among its own bases (code that could never run)
        return (cls,)
    under = under | {id(cls)}
    orders = [
        list(_linearise(base, under) if isinstance(base, ClassV) else (base,)) for base in cls.bases
    ]
    orders.append(list(cls.bases))
    result: list[Value] = [cls]
    while True:
        orders = [order for order in orders if order]
        if not orders:
            return tuple(result)
        head = next(
            (
                order[0]
                for order in orders
                if not any(order[0] is later for other in orders for later in other[1:])
            ),
            None,
        )
        if head is None:
            return _depth_first(cls, under - {id(cls)})
        result.append(head)
        for order in orders:
            if order[0] is head:
                del order[0]


def _depth_first(cls: ClassV, under: set[int]) -> tuple[Value, ...]:
    out: list[Value] = [cls]
    for base in cls.bases:
        if isinstance(base, ClassV) and id(base) not in under:
            out += [
                k for k in _depth_first(base, under | {id(cls)}) if all(k is not o for o in out)
            ]
        elif not isinstance(base, ClassV):
            out.append(base)
    return tuple(out)


def external_base(cls: ClassV) -> bool:
    """Whether the class or one of its bases derives from a class outside the repository, whose
    attributes and fields the analysis cannot see."""
    return any(not isinstance(base, ClassV) or external_base(base) for base in cls.bases)


def compared_by_value(cls: ClassV, depth: int = 0) -> bool:
    """Whether instances of a class may be equal without being one object: it or a base
    declares fields (a dataclass, a named tuple, a pydantic model), defines `__eq__`, or
    derives from a class outside the repository."""
    if cls.fields or "__eq__" in cls.attrs or depth > 20:
        return True
    for base in cls.bases:
        if isinstance(base, ClassV):
            if compared_by_value(base, depth + 1):
                return True
        elif not (isinstance(base, Ext) and base.qual in _PLAIN_BASES):
            return True
    return False


def same(left: Value, right: Value, depth: int = 0) -> bool | None:
    """Whether two values are equal at run time: True, False, or None when it cannot be known."""
    if left is right:
        return True
    if isinstance(left, Const) and isinstance(right, Const):
        return bool(left.value == right.value)
    if isinstance(left, Sym) and isinstance(right, Sym):
        if isinstance(left, Residue) and isinstance(right, Residue) and left.key == right.key:
            return residue_same(left, right)
        if left.key == right.key:
            return left.offset == right.offset
        if left.opaque or right.opaque:
            return None
        return False  # distinct run-time inputs are assumed distinct
    if isinstance(left, Hashed) and isinstance(right, Hashed):
        if (left.kind, left.source, left.modulus) == (right.kind, right.source, right.modulus):
            return left.offset == right.offset
        return None
    if is_text(left) or is_text(right) or isinstance(left, Concat) or isinstance(right, Concat):
        return _same_text(left, right)
    if isinstance(left, ListV) and isinstance(right, ListV):
        return _same_items(left, right, depth)
    if isinstance(left, DictV) and isinstance(right, DictV):
        return _same_entries(left, right, depth)
    if isinstance(left, Obj) or isinstance(right, Obj):
        if isinstance(left, InstV) and isinstance(right, InstV):
            # Two instances of the repository's classes: different objects, unless the class
            # compares by value (a dataclass key `AdapterKey(run, task)` built twice).
            by_value = compared_by_value(left.cls) or compared_by_value(right.cls)
            return None if by_value else False
        if isinstance(left, Obj) and isinstance(right, Obj):
            return False
        literal = right if isinstance(left, Obj) else left
        # A modelled object is never None or a literal (an instance of the repository's own
        # class might define __eq__, so that one stays unknown).
        obj = left if isinstance(left, Obj) else right
        if isinstance(literal, Const) and not isinstance(obj, InstV):
            return False
        return None
    return None


# Sequences nested deeper than this (or holding themselves) are not compared item by item.
_SAME_DEPTH = 8
_ORDERED = ("list", "tuple")


def _same_items(left: ListV, right: ListV, depth: int) -> bool | None:
    """Lists and tuples are equal item by item (a memo keyed by `*args` finds the call made
    before, a signature tuple built again equals the last one); sets are `_same_set`."""
    if left.kind not in _ORDERED or right.kind not in _ORDERED:
        return _same_set(left, right)
    if left.kind != right.kind:
        return None  # (a list never equals a tuple, but a model's kind is not proof of that)
    if len(left.items) != len(right.items):
        return False
    if depth >= _SAME_DEPTH:
        return None
    return _all_same(zip(left.items, right.items, strict=True), depth)


def _same_set(left: ListV, right: ListV) -> bool | None:
    """Sets of literals compare as the sets they are; any other pair may be equal."""
    items = (*left.items, *right.items)
    if left.kind == right.kind and all(type(item) is Const for item in items):
        try:
            return {_literal(v) for v in left.items} == {_literal(v) for v in right.items}
        except TypeError:  # an unhashable literal (a list's value held as one)
            return None
    return None


def _all_same(pairs: Iterable[tuple[Value, Value]], depth: int) -> bool | None:
    """True when every pair is equal, False when one certainly differs, else None."""
    answer: bool | None = True
    for a, b in pairs:
        found = same(a, b, depth + 1)
        if found is False:
            return False
        if found is None:
            answer = None
    return answer


def _literal(value: Value) -> object:
    return value.value if isinstance(value, Const) else value


def _same_entries(left: DictV, right: DictV, depth: int) -> bool | None:
    """Dicts of literal keys, neither of them open to unseen additions, are equal entry by
    entry in any order (a spec dict built again equals the last one); others are unknown."""
    tables = (left, right)
    if depth >= _SAME_DEPTH or any(
        t.open or not all(type(k) is Const for k in t.keys) for t in tables
    ):
        return None
    mine = {_literal(k): v for k, v in zip(left.keys, left.values, strict=True)}
    theirs = {_literal(k): v for k, v in zip(right.keys, right.values, strict=True)}
    if mine.keys() != theirs.keys():
        return False
    return _all_same(((value, theirs[key]) for key, value in mine.items()), depth)


def known_apart(left: Value, right: Value) -> bool:
    """Whether two values certainly differ at run time: two literals, texts whose known parts
    disagree, a modelled object and a literal. `same()` also calls distinct inputs unequal,
    which is an assumption, not knowledge."""
    if isinstance(left, Const) and isinstance(right, Const):
        return bool(left.value != right.value)
    if is_text(left) or is_text(right) or isinstance(left, Concat) or isinstance(right, Concat):
        a, b = _tokens(left), _tokens(right)
        if a is None or b is None or a == b:
            return False
        if not any(isinstance(t, Sym) for t in (*a, *b)):
            return True
        return _aligned_apart(a, b) or _literal_apart(a, b)
    for obj, other in ((left, right), (right, left)):
        if isinstance(obj, Obj) and isinstance(other, Const) and same(obj, other) is False:
            return True
    return False


def _same_text(left: Value, right: Value) -> bool | None:
    a, b = _tokens(left), _tokens(right)
    if a is None or b is None:
        return None
    if a == b:
        return True
    syms_a = [t for t in a if isinstance(t, Sym)]
    syms_b = [t for t in b if isinstance(t, Sym)]
    if not syms_a and not syms_b:
        return False
    if _aligned_apart(a, b) or _literal_apart(a, b):
        return False
    if any(s.opaque for s in syms_a + syms_b):
        return None
    # Fixed inputs in the same order with different literal text, or different inputs.
    return False


def renamed(
    value: Value, keys: Mapping[str, str], taken: Mapping[str, Const] | None = None
) -> Value:
    """The value with each unknown whose key is in `keys` written under the key it maps to, and
    each one a world took to be a literal (`taken`, by that key) written as the literal."""
    if isinstance(value, Sym):
        key = keys.get(value.key, value.key)
        literal = taken.get(key) if taken else None
        if literal is not None and value.offset == 0:
            return literal
        return replace(value, key=key) if key != value.key else value
    if isinstance(value, Concat):
        return concat(*(renamed(part, keys, taken) for part in value.parts))
    return value


def opaque_parts(value: Value) -> list[Sym]:
    """The opaque symbols a value is built from (what makes an equality unknowable)."""
    if isinstance(value, Sym):
        return [value] if value.opaque else []
    if isinstance(value, Concat):
        return [part for part in value.parts if isinstance(part, Sym) and part.opaque]
    return []


def label(value: Value | None) -> str:
    """`describe` for messages, with "?" for a missing value."""
    return describe(value, 50) if value is not None else "?"


def describe(value: Value, limit: int = 60) -> str:
    """A short human description: `1`, `'ckpt/a'`, `args.adapter`, `f'{args.out}/step_{…}'`."""
    text = _describe(value)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _describe(value: Value) -> str:
    if isinstance(value, Const):
        return repr(value.value)
    if isinstance(value, Sym | Cond):
        return value.describe()
    if isinstance(value, Concat):
        inner = "".join(
            str(part.value) if isinstance(part, Const) else "{" + _describe(part) + "}"
            for part in value.parts
        )
        return f"f{inner!r}"
    if isinstance(value, Hashed | HashText | VersionV):
        return value.desc
    if isinstance(value, SeqSym):
        return value.desc
    if isinstance(value, ListV):
        return "[" + ", ".join(_describe(item) for item in value.items[:4]) + "]"
    if isinstance(value, Ext):
        return value.qual
    return _noun(value)


def _noun(value: Value) -> str:
    """Words for a modelled object in a reason: never the analyzer's own class names."""
    if isinstance(value, BoundExt):
        return f"{_describe(value.target)}.{value.name}"
    if isinstance(value, FuncV):
        return f"the function {value.name}()"
    if isinstance(value, ClassV):
        return f"the class {value.name}"
    if isinstance(value, InstV):
        article = "an" if value.cls.name[:1] in "AEIOUaeiou" else "a"
        return f"{article} {value.cls.name} object"
    if isinstance(value, DictV):
        return "a dict"
    if isinstance(value, ModV):
        return f"the module {value.module.name}"
    if isinstance(value, CounterV):
        return "a counter"
    if isinstance(value, CycleV):
        return "a cycle"
    name = type(value).__name__
    # The interpreter's objects are named `...V` (RequestV, EngineV): say what they model.
    word = name[:-1] if name.endswith("V") and len(name) > 2 else name
    article = "an" if word[:1] in "AEIOU" else "a"
    return f"{article} {word} object" if word[:1].isupper() else "a value"
