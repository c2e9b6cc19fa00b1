"""What `bool(x)` and `format(x)` (an f-string part) make of an abstract value."""

from __future__ import annotations

from typing import TYPE_CHECKING

from analyzers.interpret.containers import RangeV
from analyzers.interpret.values import (
    Concat,
    Const,
    DictV,
    Ext,
    FuncV,
    Hashed,
    HashText,
    ListV,
    ModV,
    Obj,
    SeqSym,
    Sym,
    Value,
)

if TYPE_CHECKING:
    from analyzers.interpret.runtime import Machine


def truthiness(value: Value) -> bool | None:
    """Python truthiness when the abstract value decides it."""
    if isinstance(value, Const):
        try:
            return bool(value.value)
        except Exception:
            return None
    if isinstance(value, ListV):
        return bool(value.items)
    if isinstance(value, Concat):
        return True if any(isinstance(p, Const) and p.value for p in value.parts) else None
    if isinstance(value, Hashed):
        return None
    if isinstance(value, Sym):
        return None
    if isinstance(value, Ext | FuncV | ModV):
        return True
    if isinstance(value, Obj):
        return _object_truthiness(value)
    return None


def _object_truthiness(value: Value) -> bool | None:
    if isinstance(value, DictV):
        return bool(value.keys)
    if isinstance(value, RangeV):
        return len(value) > 0
    if isinstance(value, SeqSym | Sym):
        return None
    return True


def as_text_part(m: Machine, value: Value, spec: str | None = None) -> Value:
    """How a value reads inside a string: constants formatted, unknowns kept as parts."""
    if isinstance(value, Const):
        try:
            return Const(format(value.value, spec or ""))
        except (ValueError, TypeError):
            return Const(str(value.value))
    if isinstance(value, Sym):
        return value
    if isinstance(value, Hashed):
        return Sym(f"hash:{value.source}", value.desc)
    if isinstance(value, HashText):
        return Sym(f"hashtext:{value.source}:{value.bits}", value.desc)
    if isinstance(value, ListV) and all(isinstance(i, Const) for i in value.items):
        try:
            rendered = repr([i.value for i in value.items if isinstance(i, Const)])
            return Const(rendered if value.kind == "list" else f"({rendered[1:-1]})")
        except (ValueError, MemoryError):
            return m.opaque("a list rendered as text")
    if isinstance(value, Concat):
        return value
    return m.opaque("a value rendered as text")
