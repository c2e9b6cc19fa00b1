"""Conditions on run-time values: decided per world, never by a guess about distinct values.

`args.mode == "sweep"` cannot be known before the program runs, so both answers are worlds. The
world remembers what it assumed (in its oracle's memo: `args.mode == 'sweep'` True), so a later
`args.mode != "sweep"` or `args.mode == "final"` in the same world is answered consistently
instead of being decided again. Only facts decide a comparison here: equal constants, the same
fixed input, texts whose known prefix or suffix differ.
"""

from __future__ import annotations

import ast
import itertools
from collections.abc import Hashable
from typing import TYPE_CHECKING

from analyzers.interpret.containers import key_text
from analyzers.interpret.values import (
    Concat,
    Cond,
    Const,
    DictV,
    Hashed,
    ListV,
    Residue,
    Sym,
    Value,
    same,
)

if TYPE_CHECKING:
    from analyzers.files.parsing import Loc
    from analyzers.interpret.runtime import Machine
    from analyzers.interpret.worlds import Oracle

_EQ = " == "
# A digest or hash wider than this is zero (falsy) only with a probability the verdict's bound
# already covers (`crc32(name) or 1`): no world is spent on it.
_WIDE = 2**16
_SPREAD_KINDS = frozenset({"hash", "digest", "crc", "random"})


def equality(left: Value, right: Value) -> bool | None:
    """Whether a value equals a literal, from facts only (None: the run decides).

    Two different inputs are distinct here (`same`). Where equal inputs would change what
    runs, the callers ask the world instead and alias the two for the judge
    (`containers.taken_as_same`): dict and list searches, and the same argument of two calls
    compared (`operators.compare`).
    """
    if _literal_text(left) or _literal_text(right):
        return _text_fact(left, right)
    return same(left, right)


def _literal_text(value: Value) -> bool:
    return isinstance(value, Const) and isinstance(value.value, str)


def _parts(value: Value) -> list[object] | None:
    parts = value.parts if isinstance(value, Concat) else (value,)
    out: list[object] = []
    for part in parts:
        if isinstance(part, Const) and isinstance(part.value, str):
            out.append(part.value)
        elif isinstance(part, Sym):
            out.append(part)
        else:
            return None
    return out


def _text_fact(left: Value, right: Value) -> bool | None:
    a, b = _parts(left), _parts(right)
    if a is None or b is None:
        return same(left, right) if not (_has_sym(left) or _has_sym(right)) else None
    if a == b:
        return True
    if all(isinstance(p, str) for p in a + b):
        return "".join(map(str, a)) == "".join(map(str, b))
    head_a, head_b = _edge(a), _edge(b)
    tail_a, tail_b = _edge(a[::-1])[::-1], _edge(b[::-1])[::-1]
    if not (head_a.startswith(head_b) or head_b.startswith(head_a)):
        return False
    if not (tail_a.endswith(tail_b) or tail_b.endswith(tail_a)):
        return False
    return None


def _has_sym(value: Value) -> bool:
    return isinstance(value, Sym) or (
        isinstance(value, Concat) and any(isinstance(p, Sym) for p in value.parts)
    )


def _edge(parts: list[object]) -> str:
    """The literal text before the first unknown part."""
    out = []
    for part in parts:
        if not isinstance(part, str):
            break
        out.append(part)
    return "".join(out)


def literal_test(left: Value, right: Value, *, negated: bool) -> Cond | bool | None:
    """`x == literal` (or `literal == x`, `x is None`) on a fixed input, as a world condition;
    a remainder against a number it can never be, a fact."""
    if _subject(right) and _literal(left) is not None:
        left, right = right, left
    if not _subject(left) or not isinstance(left, Sym):
        return None
    literal = _literal(right)
    if literal is None:
        return None
    if isinstance(left, Residue):
        return residue_test(left, (literal[0],), negated=negated)
    return Cond(key_text(left), left.describe(), (literal[0],), negated, left.where)


def residue_test(value: Residue, literals: tuple[object, ...], *, negated: bool) -> Cond | bool:
    """`(F + offset) % k + shift == c` is `F == (c - shift - offset) % k`: one subject for every
    item of the loop, so a world that takes item 0 to be even takes item 1 to be odd. A number
    outside `shift + range(k)` (or no number) is never one."""
    k = value.modulus
    # A loop followed for less than a whole period tests each item on its own (`Residue.whole`)
    offset = value.offset if value.whole else 0
    wanted = tuple(
        dict.fromkeys(
            (literal - value.shift - offset) % k
            for literal in literals
            if isinstance(literal, int) and 0 <= literal - value.shift < k
        )
    )
    if not wanted:
        return negated
    if len(wanted) == k:
        return not negated
    if not value.whole:
        return Cond(f"{value.key}@{value.offset}", value.desc, wanted, negated, value.where, k)
    return Cond(value.key, value.first, wanted, negated, value.where, modulus=k)


def membership_test(left: Value, right: Value, *, negated: bool) -> Cond | bool | None:
    """`x in ("a", "b")` on a fixed input: a fact when every item decides, else a condition."""
    if not isinstance(right, ListV | DictV):
        return None
    pool = right.items if isinstance(right, ListV) else right.keys
    answers = [equality(left, item) for item in pool]
    if True in answers:
        return not negated
    if all(answer is False for answer in answers):
        return negated
    if not _subject(left) or not isinstance(left, Sym):
        return None
    literals = [_literal(item) for item in pool]
    if any(found is None for found in literals):
        return None
    values = tuple(found[0] for found in literals if found is not None)
    if isinstance(left, Residue):
        return residue_test(left, values, negated=negated)
    return Cond(key_text(left), left.describe(), values, negated, left.where)


def _subject(value: Value) -> bool:
    return isinstance(value, Sym) and not value.opaque


def _literal(value: Value) -> tuple[Hashable] | None:
    if isinstance(value, Const) and isinstance(value.value, str | int | float | bool | None):
        return (value.value,)
    return None


# -- what a world has assumed --------------------------------------------------------------


def _key(subject: str, literal: object) -> str:
    return f"{subject}{_EQ}{literal!r}"


class _Assumptions:
    """A world's answers about equalities, by subject: `subject == literal` keys of its memo.

    The memo only grows (a new world or a taken-up state brings a new one), so the keys are
    read once each, in order; asking about a subject no longer walks every answer of the world
    (thousands in a run that starts child processes in a loop)."""

    def __init__(self, memo: dict[str, bool]) -> None:
        self.memo = memo
        self.read = 0
        self.by_subject: dict[str, list[tuple[object, str]]] = {}

    def catch_up(self) -> None:
        memo = self.memo
        if self.read == len(memo):
            return
        for key in itertools.islice(memo, self.read, None):
            start = key.find(_EQ)
            while start >= 0:  # a subject may hold " == " itself: every split is a candidate
                try:
                    literal = ast.literal_eval(key[start + len(_EQ) :])
                except (ValueError, SyntaxError):
                    pass
                else:
                    self.by_subject.setdefault(key[:start], []).append((literal, key))
                start = key.find(_EQ, start + 1)
        self.read = len(memo)


def _assumptions(oracle: Oracle) -> _Assumptions:
    found = getattr(oracle, "_assumptions", None)
    if not isinstance(found, _Assumptions) or found.memo is not oracle.memo:
        found = _Assumptions(oracle.memo)
        oracle._assumptions = found  # type: ignore[attr-defined]
    found.catch_up()
    return found


def _assumed(oracle: Oracle, subject: str) -> tuple[list[object], list[object]]:
    """The values `subject` was assumed equal to, and those it was assumed to differ from."""
    equal: list[object] = []
    unequal: list[object] = []
    for literal, key in _assumptions(oracle).by_subject.get(subject, ()):
        (equal if oracle.memo[key] else unequal).append(literal)
    if _truth_memo(oracle, subject) is False:  # `if x:` was taken false: x is no truthy literal
        unequal.append(_TRUTHY)
    return equal, unequal


def _truth_memo(oracle: Oracle, key: str) -> bool | None:
    """What this world answered for `if <input>:` (the oracle's key carries the offset)."""
    found = oracle.memo.get(key)
    return found if found is not None else oracle.memo.get(f"{key}+0")


def _negation_settled(oracle: Oracle, key: str) -> bool | None:
    """`not x` and `x` get opposite answers in one world, whichever was tested first."""
    if key.startswith("(not ") and key.endswith(")"):
        inner = _truth_memo(oracle, key[len("(not ") : -1])
        return None if inner is None else not inner
    outer = _truth_memo(oracle, f"(not {key})")
    return None if outer is None else not outer


_TRUTHY = object()


def _excluded(literal: object, unequal: list[object]) -> bool:
    return any(literal == other for other in unequal) or (_TRUTHY in unequal and bool(literal))


def settled(oracle: Oracle, value: Value) -> bool | None:
    """What this world already assumed decides `value`'s truth (None: not decided yet)."""
    if isinstance(value, Hashed):
        wide = value.modulus is None or value.modulus >= _WIDE
        return True if value.kind in _SPREAD_KINDS and wide and value.offset == 0 else None
    if isinstance(value, Sym) and not value.opaque:
        negation = _negation_settled(oracle, key_text(value))
        if negation is not None:
            return negation
        equal, _ = _assumed(oracle, key_text(value))
        return bool(equal[0]) if equal else None
    if not isinstance(value, Cond):
        return None
    equal, unequal = _assumed(oracle, value.subject)
    if not equal and value.modulus is not None:
        # A remainder the world took to be none of the others is the one left.
        left: list[object] = [r for r in range(value.modulus) if not _excluded(r, unequal)]
        equal = left[:1] if len(left) == 1 else []
    if equal:
        return any(equal[0] == literal for literal in value.literals) != value.negated
    if all(_excluded(literal, unequal) for literal in value.literals):
        return value.negated
    return None


def _shown(desc: str, literal: object, *, equal: bool) -> str:
    if literal is None:
        return f"{desc} is None" if equal else f"{desc} is not None"
    return f"{desc} {'==' if equal else '!='} {literal!r}"


def decide(m: Machine, cond: Cond, *, default: bool, loc: Loc, weight: int = 1) -> bool:
    """Fork on which literal (if any) the input equals; the world remembers the answer."""
    known = settled(m.oracle, cond)
    if known is not None:
        return known
    _, unequal = _assumed(m.oracle, cond.subject)
    equal_default = default != cond.negated
    hit = False
    for literal in cond.literals:
        if _excluded(literal, unequal):
            continue
        shown = _shown(cond.desc, literal, equal=True)
        if m.ask(shown, _key(cond.subject, literal), default=equal_default, weight=weight):
            hit = True
            m.trace.assume_input(shown)
            # The judge sees the input as that literal (two calls that both pass None
            # pass one path), as a dict key taken to be a literal is (`containers`).
            subject = m.trace.same_inputs.get(cond.subject, cond.subject)
            m.trace.taken_literals.setdefault(subject, Const(literal))
            break
    if not hit:
        for literal in cond.literals:
            m.trace.assume_input(_shown(cond.desc, literal, equal=False))
    return hit != cond.negated
