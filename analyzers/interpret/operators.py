"""Arithmetic, string building and comparisons on abstract values, with guards on size.

Known operands are computed exactly (bounded, so `10**10**10` or `"x" * 10**9` in hostile input
cannot hang or exhaust memory); unknown ones keep enough structure for ids: `args.base + i`
stays a shifted symbol, `hash(p) % M + 1` a hash with modulus M.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any, TypeGuard

from analyzers.files.parsing import Loc
from analyzers.interpret import conditions, containers, versions, vllm_api
from analyzers.interpret.containers import holds_unknown, key_text
from analyzers.interpret.conversions import as_text_part, truthiness
from analyzers.interpret.objects import same_argument
from analyzers.interpret.runtime import MAX_PERIODIC_ITERATIONS
from analyzers.interpret.trace import CountTest, PeriodicTest
from analyzers.interpret.values import (
    Concat,
    Cond,
    Const,
    DictV,
    Hashed,
    InstV,
    ListV,
    Residue,
    SeqSym,
    SteppedItem,
    Sym,
    Value,
    as_int,
    class_attribute,
    concat,
    describe,
    is_none,
    is_text,
    plus,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine

_MAX_TEXT = 100_000
_MAX_BITS = 4_096

_ARITHMETIC: dict[str, Callable[[Any, Any], Any]] = {
    "Add": operator.add,
    "Subtract": operator.sub,
    "Multiply": operator.mul,
    "Divide": operator.truediv,
    "FloorDivide": operator.floordiv,
    "Modulo": operator.mod,
    "Power": operator.pow,
    "LeftShift": operator.lshift,
    "RightShift": operator.rshift,
    "BitAnd": operator.and_,
    "BitOr": operator.or_,
    "BitXor": operator.xor,
}
_SYMBOLS = {
    "Add": "+", "Subtract": "-", "Multiply": "*", "Divide": "/", "FloorDivide": "//",
    "Modulo": "%", "Power": "**", "LeftShift": "<<", "RightShift": ">>", "BitAnd": "&",
    "BitOr": "|", "BitXor": "^", "MatrixMultiply": "@",
}  # fmt: skip


def _repeated_size(seq: object, times: object) -> int:
    if isinstance(seq, str | bytes | tuple | list) and isinstance(times, int):
        return len(seq) * max(times, 0)
    return 0


def _safe_constant(name: str, left: object, right: object) -> object:
    """Compute a constant operation, refusing ones that could blow up."""
    huge_power = (
        isinstance(right, int)
        and isinstance(left, int)
        and (abs(right) > 512 or (abs(left) > 1 and right * abs(left).bit_length() > _MAX_BITS))
    )
    if name == "Power" and huge_power:
        raise OverflowError
    if name == "LeftShift" and isinstance(right, int) and right > _MAX_BITS:
        raise OverflowError
    if (
        name == "Multiply"
        and max(_repeated_size(left, right), _repeated_size(right, left)) > _MAX_TEXT
    ):
        raise OverflowError
    return _ARITHMETIC[name](left, right)


def binary(
    m: Machine, name: str, left: Value, right: Value, loc: Loc, *, in_place: bool = False
) -> Value:
    if isinstance(left, Const) and isinstance(right, Const) and name in _ARITHMETIC:
        try:
            result = _safe_constant(name, left.value, right.value)
        except (ArithmeticError, TypeError, ValueError, MemoryError):
            result = None
        else:
            period = as_int(right) if name == "Modulo" else left.period or right.period
            if name == "Modulo" and isinstance(left.value, str):
                period = None
            return Const(result, period if isinstance(result, int) else None)
    special = _structured(m, name, left, right, loc, in_place=in_place)
    if special is not None:
        return special
    return _derived(m, name, left, right, loc)


def _structured(
    m: Machine, name: str, left: Value, right: Value, loc: Loc, *, in_place: bool
) -> Value | None:
    """Operations that keep structure: text joins, shifted symbols, hashes reduced mod M."""
    number = as_int(right)
    if name == "Add":
        if is_text(left) and (is_text(right) or isinstance(right, Sym)):
            return concat(left, right)
        if isinstance(left, Sym) and is_text(right):
            return concat(left, right)
        if isinstance(left, ListV) and isinstance(right, ListV):
            if in_place and left.kind != "tuple":  # a tuple's `+=` makes a new one
                left.items.extend(right.items)
                return left
            return ListV([*left.items, *right.items], left.kind)
        if number is not None and isinstance(left, Sym | Hashed):
            return _shift(left, number)
        if as_int(left) is not None and isinstance(right, Sym | Hashed):
            return _shift(right, as_int(left) or 0)
    if name == "Subtract" and number is not None and isinstance(left, Sym | Hashed):
        return _shift(left, -number)
    if (
        name == "Divide"
        and (is_text(left) or isinstance(left, Sym))
        and (is_text(right) or isinstance(right, Sym))
        and (is_text(left) or is_text(right))
    ):
        if isinstance(right, Const) and isinstance(right.value, str) and right.value[:1] == "/":
            return right  # `Path(run_dir) / "/dev/shm/live"` is the absolute path
        return concat(left, Const("/"), right)
    if name == "Modulo" and is_text(left) and isinstance(left, Const):
        return _percent_format(m, left, right, loc)
    if isinstance(left, Hashed):
        return _reduce_hash(left, name, number)
    if name == "Modulo" and isinstance(left, SteppedItem) and number is not None and number > 1:
        # Tests of it may decide every item by the first only where the run follows a whole
        # period of the loop (2k + 1 items), or will be run again that far when its answer is
        # safe (a loop of unknown length under way, a period the widening affords).
        need = 2 * number + 1
        whole = need <= m.limits.symbolic_iterations
        cut = [loop for loop in m.loops if loop in m.trace.symbolic_loops]
        if not whole and not left.rounds and cut and need <= MAX_PERIODIC_ITERATIONS:
            whole = True
            m.trace.keep_periodic(PeriodicTest(tuple(m.loops), number, loc))
        if not whole:
            m.trace.assume(
                f"`{loc.code}` is followed for fewer items than a whole period of % {number}, "
                f"so each item's test stands for the items {number} apart that a longer run "
                f"reaches"
            )
        return replace(left.residue(number), whole=whole)
    if name == "Multiply" and isinstance(left, ListV):
        if number is None:
            # `[request] * len(prompts)`: the same items repeated an unknown number of times.
            return ListV(list(left.items), left.kind)
        if len(left.items) * max(number, 0) > m.limits.max_items:
            return m.opaque(f"`{loc.code}`", loc)
        return ListV(left.items * number, left.kind)
    return None


def _shift(value: Sym | Hashed, delta: int) -> Value:
    if isinstance(value, Sym):
        return value.shifted(delta)
    return Hashed(
        value.kind,
        value.source,
        plus(value.desc, delta, always=True),
        value.modulus,
        value.offset + delta,
        value.nonneg,
        value.where,
    )


def _reduce_hash(value: Hashed, name: str, number: int | None) -> Value | None:
    if number is None or number <= 0:
        return None
    if name == "Modulo":
        modulus = number if value.modulus is None else min(number, value.modulus)
        return Hashed(
            value.kind, value.source, f"{value.desc} % {number}", modulus, 0, True, value.where
        )
    if name == "BitAnd" and (number + 1) & number == 0:
        modulus = number + 1 if value.modulus is None else min(number + 1, value.modulus)
        return Hashed(
            value.kind, value.source, f"{value.desc} & {number:#x}", modulus, 0, True, value.where
        )
    if name == "RightShift" and value.modulus is not None:
        return Hashed(
            value.kind,
            value.source,
            f"{value.desc} >> {number}",
            max(value.modulus >> number, 1),
            0,
            value.nonneg,
            value.where,
        )
    if name == "FloorDivide" and value.modulus is not None:
        return Hashed(
            value.kind,
            value.source,
            f"{value.desc} // {number}",
            max(value.modulus // number, 1),
            0,
            value.nonneg,
            value.where,
        )
    return None


def _percent_format(m: Machine, template: Const, args: Value, loc: Loc) -> Value:
    text = str(template.value)
    values = args.items if isinstance(args, ListV) else [args]
    pieces = text.split("%")
    parts: list[Value] = [Const(pieces[0])]
    index = 0
    for piece in pieces[1:]:
        if piece.startswith("%") or not piece:
            parts.append(Const("%" + piece[1:] if piece else "%"))
            continue
        conversion = next((i for i, ch in enumerate(piece) if ch.isalpha()), None)
        if conversion is None or index >= len(values):
            return m.opaque(f"`{loc.code}`", loc)
        spec = piece[: conversion + 1]
        value = values[index]
        index += 1
        if isinstance(value, Const):
            try:
                parts.append(Const(("%" + spec) % (value.value,)))
            except (TypeError, ValueError):
                return m.opaque(f"`{loc.code}`", loc)
        else:
            parts.append(as_text_part(m, value))
        parts.append(Const(piece[conversion + 1 :]))
    return concat(*parts)


# The longest key a derived unknown keeps (its operands' keys and the operator); past it, a
# result is an unknown of its own rather than one named by how it was computed.
MAX_DERIVED_KEY = 2_000


def _derived(m: Machine, name: str, left: Value, right: Value, loc: Loc) -> Value:
    """An unknown result: fixed when both inputs are, so a value derived from a flag stays one;
    of an unknown result and a value, as unknown, but the same for the same operands (one
    `repo_path / subfolder` computed twice is one folder)."""
    symbol = _SYMBOLS.get(name, name)
    if _stable(left) and _stable(right):
        key = f"({key_text(left)}{symbol}{key_text(right)})"
        if len(key) > MAX_DERIVED_KEY:
            # `total = total * rate + total` in nested loops: a key that doubles with every
            # step (a 24 GB scan). Past the bound the result is an unknown of its own.
            return m.opaque(f"`{loc.code}`", loc)
        opaque = not (_fixed(left) and _fixed(right))
        shown = f"{describe(left)} {symbol} {describe(right)}"
        return Sym(key, shown, opaque=opaque, where=str(loc))
    return m.opaque(f"`{loc.code}`", loc)


def _stable(value: Value) -> bool:
    """A value that is the same every time it is read: a literal or a named unknown."""
    return isinstance(value, Const | Sym)


# Comparisons by which a count reaches a threshold (`step >= 10`, `step == 100`).
_COUNTED = frozenset(
    {"Equal", "NotEqual", "LessThan", "LessThanEqual", "GreaterThan", "GreaterThanEqual"}
)


def _note_count(m: Machine, name: str, left: Value, right: Value, loc: Loc) -> None:
    """A comparison of known numbers inside a loop (`step >= 10`, `step in SAVE_STEPS`: then
    the nearest number ahead), which `statements._if` keeps where it guards adapter work."""
    first = as_int(left)
    if first is None:
        return
    second = as_int(right)
    if name in ("In", "NotIn") and second is None:
        pool = right.items if isinstance(right, ListV) else ()
        if isinstance(right, Const) and isinstance(right.value, tuple | frozenset):
            pool = [Const(item) for item in right.value]
        ahead = [n for item in pool if (n := as_int(item)) is not None and n >= first]
        second = min(ahead, default=None)
    elif name not in _COUNTED:
        return
    if second is not None and m.periodic_pending is not None:
        m.periodic_pending.append(CountTest(tuple(m.loops), loc, first, second))


def note_periodic(m: Machine, value: Value, loc: Loc) -> None:
    """A test of a known remainder (`step % 50` of a counter) inside a loop: where it guards
    what a run does with adapters, the loop must be followed far enough to see its answer come
    round (`statements._if`, `judge/unrolling.py`)."""
    pending = m.periodic_pending
    if (
        pending is not None
        and m.loops
        and isinstance(value, Const)
        and value.period is not None
        and value.period > 1
    ):
        pending.append(PeriodicTest(tuple(m.loops), value.period, loc))


def carried_tests(value: Value) -> list[PeriodicTest | CountTest]:
    """The tests of counts a bool carries from a comparison made outside an `if` test."""
    if not isinstance(value, Const):
        return []
    return [test for test in value.tests if isinstance(test, PeriodicTest | CountTest)]


def note_tested(m: Machine, value: Value, loc: Loc) -> None:
    """The value an `if` or a conditional expression tests: a remainder of a count (`if step %
    50:`), or a bool computed before in the loop (`should_save = step >= 8; if should_save:`),
    whose tests of counts are this test's."""
    note_periodic(m, value, loc)
    if m.periodic_pending is not None:
        m.periodic_pending.extend(carried_tests(value))


def _fixed(value: Value) -> bool:
    return isinstance(value, Const) or (isinstance(value, Sym) and not value.opaque)


def unary(m: Machine, name: str, value: Value, loc: Loc) -> Value:
    if name == "Not":
        known = truthiness(value)
        if known is not None:
            return Const(not known, tests=value.tests if isinstance(value, Const) else ())
        if isinstance(value, Cond):
            return replace(value, negated=not value.negated)
        if isinstance(value, Residue):
            test = conditions.residue_test(value, (0,), negated=False)
            return test if isinstance(test, Cond) else Const(test)
        if _fixed(value):
            return Sym(f"(not {key_text(value)})", f"not {describe(value)}", where=str(loc))
        return m.opaque(f"`{loc.code}`", loc)
    if isinstance(value, Const):
        try:
            result = {"Minus": operator.neg, "Plus": operator.pos, "BitInvert": operator.invert}[
                name
            ](value.value)  # type: ignore[operator]
        except (TypeError, KeyError):
            return m.opaque(f"`{loc.code}`", loc)
        return Const(result)
    if isinstance(value, Sym) and not value.opaque:
        return Sym(f"({name}{key_text(value)})", f"-{describe(value)}", where=str(loc))
    return m.opaque(f"`{loc.code}`", loc)


def compare(m: Machine, name: str, left: Value, right: Value, loc: Loc) -> Value:
    """A comparison decided by facts; on a fixed input against literals, a world condition.
    In a loop, outside an `if` test, the counts' tests it makes go with the bool it gives."""
    if m.periodic_pending is not None or not m.loops:
        return _compare(m, name, left, right, loc)
    m.periodic_pending = []
    try:
        result = _compare(m, name, left, right, loc)
    finally:
        held, m.periodic_pending = m.periodic_pending, None
    if held and isinstance(result, Const):
        return replace(result, tests=tuple(held))
    return result


def _compare(m: Machine, name: str, left: Value, right: Value, loc: Loc) -> Value:
    for side in (left, right):
        note_periodic(m, side, loc)
    if m.loops and m.periodic_pending is not None:
        _note_count(m, name, left, right, loc)
    version = versions.compare(m, name, left, right, loc)
    if version is not None:
        return version
    release = versions.text_fact(name, left, right)
    if release is not None:
        return Const(release)
    answer: bool | None
    if name in ("Equal", "NotEqual", "Is", "IsNot"):
        answer = conditions.equality(left, right)
        if answer is False and isinstance(left, Sym) and isinstance(right, Sym):
            answer = _inputs_equal(m, left, right)
        if name in ("Is", "IsNot") and answer is None and _none_vs_text(left, right):
            answer = False
        if name in ("Is", "IsNot") and answer is None and _used_vs_none(m, left, right):
            answer = False  # `self._server is None` after `self._server.generate(...)` ran
        if name in ("Is", "IsNot") and answer is None and _instance_vs_literal(left, right):
            answer = False  # `config is None` on a `Config(...)` the run built
        if answer is not None and name in ("NotEqual", "IsNot"):
            answer = not answer
        if answer is None:
            test = conditions.literal_test(left, right, negated=name in ("NotEqual", "IsNot"))
            if isinstance(test, bool):
                return Const(test)
            if test is not None:
                return test
    elif (
        name in ("In", "NotIn")
        and (held := vllm_api.resident_test(m, left, right, loc)) is not None
    ):
        answer = held if name == "In" else not held
    elif name in ("In", "NotIn"):
        # A dict or list holding values the run cannot see (a caller's name, kept by an
        # earlier call) is searched one by one, each unknown pair a decision of the world.
        keyed = any(map(holds_unknown, _held(right)))
        member = None if keyed else conditions.membership_test(left, right, negated=name == "NotIn")
        if isinstance(member, Cond):
            return member
        answer = member if member is not None else _contains(m, right, left)
        if member is None and answer is not None and name == "NotIn":
            answer = not answer
    elif isinstance(left, Const) and isinstance(right, Const):
        try:
            answer = bool(_ORDER[name](left.value, right.value))
        except (TypeError, KeyError):
            answer = None
    else:
        answer = None
    if answer is not None:
        return Const(answer)
    if _fixed(left) and (_fixed(right) or isinstance(right, SeqSym)):
        other = right.key if isinstance(right, SeqSym) else key_text(right)
        key = f"({key_text(left)} {name} {other})"
        return Sym(key, f"`{loc.code}`", where=str(loc))
    truth = m.opaque(f"`{loc.code}`", loc)
    if name in ("Equal", "NotEqual") and _plain_unseen(left) and _plain_unseen(right):
        m.trace.compared[truth.key] = (name == "NotEqual", left.key, right.key)
    return truth


def _plain_unseen(value: Value) -> TypeGuard[Sym]:
    """A result of unseen code as it came (no offset): what `!=` on two of them compares."""
    return isinstance(value, Sym) and value.opaque and not value.offset


def _held(container: Value) -> list[Value]:
    if isinstance(container, DictV):
        return container.keys
    return container.items if isinstance(container, ListV) else []


def _repeated_input(left: Sym, right: Sym) -> bool:
    """The same argument of two calls by an unseen caller (`folder != self.loaded`, where an
    earlier call kept its folder): a caller may pass the same value again."""
    return not (left.opaque or right.opaque or left.offset or right.offset) and same_argument(
        left.key, right.key
    )


def _inputs_equal(m: Machine, left: Sym, right: Sym) -> bool | None:
    """`a == b` of two run-time inputs `same()` keeps apart only by assumption (two flags,
    a folder and the one loaded before): the world decides, and one that takes them to be
    equal has the judge see them as one value. With offsets (`a + 1 == b`) it stays unknown."""
    if left.opaque or right.opaque:
        return False if left.key != right.key else None  # `same()` answered; kept as it was
    if _repeated_input(left, right):
        return _same_again(m, left, right)
    if left.offset or right.offset:
        return None
    text = f"whether {describe(left)} is {describe(right)}"
    return containers.taken_as_same(m, left.key, right.key, text)


def _same_again(m: Machine, left: Sym, right: Sym) -> bool:
    later, earlier = (left, right) if "(call " in left.desc else (right, left)
    text = f"whether {describe(later)} is {describe(earlier)}"
    return containers.taken_as_same(m, earlier.key, later.key, text)


def _contains(m: Machine, container: Value, item: Value) -> bool | None:
    """`item in container`; a False that rests on two inputs being distinct is no fact."""
    answer = containers.contains(m, container, item)
    if answer is False and isinstance(container, ListV | DictV):
        pool = container.items if isinstance(container, ListV) else container.keys
        if any(conditions.equality(item, existing) is None for existing in pool):
            return None
    return answer


def _used_vs_none(m: Machine, left: Value, right: Value) -> bool:
    """None against an unknown object the run already used as one (on None, that raised)."""
    pair = (left, right)
    return any(map(is_none, pair)) and any(m.unseen.not_none(v) for v in pair)


def _instance_vs_literal(left: Value, right: Value) -> bool:
    """An instance the run built against a literal: `is` compares identity, which no
    `__eq__` of the class can change, and building the class gave an object, not the literal
    (unless a `__new__` of the repository could have returned another object)."""
    for obj, other in ((left, right), (right, left)):
        if isinstance(obj, InstV) and isinstance(other, Const):
            return class_attribute(obj.cls, "__new__") is None
    return False


def _none_vs_text(left: Value, right: Value) -> bool:
    pair = (left, right)
    return any(map(is_none, pair)) and any(isinstance(v, Concat) for v in pair)


_ORDER: dict[str, Callable[[Any, Any], Any]] = {
    "LessThan": operator.lt,
    "LessThanEqual": operator.le,
    "GreaterThan": operator.gt,
    "GreaterThanEqual": operator.ge,
}


def both(m: Machine, first: Value, second: Value) -> Value:
    """The conjunction of two unknown comparison results (a chained comparison)."""
    if _fixed(first) and _fixed(second):
        return Sym(
            f"({key_text(first)} and {key_text(second)})",
            f"{describe(first)} and {describe(second)}",
        )
    return m.opaque(f"{describe(first)} and {describe(second)}")
