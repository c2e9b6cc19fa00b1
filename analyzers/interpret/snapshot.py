"""A copy of one run's state, so that a later world can take the run up from there (`resume.py`).

Each world re-runs the driver, and on real repositories most of a run is the same in many
worlds: the imported modules' top levels run before the first condition the analysis cannot
decide (99% of the steps of LLaMA-Factory's `vllm_infer.py`). A copy of the state at such a
point lets a later world that answered alike go on from there instead of running it again.

The copy is deep for the interpreter's own mutable state (scopes, objects, the trace) and
shares what never changes during a run: syntax trees, parsed modules, locations and the frozen
values. A value of a kind the copier does not know stops the copy (`Uncopyable`); the caller
then keeps no copy and later worlds run that part again, so an unknown kind costs time, never
a verdict.
"""

from __future__ import annotations

import ast
import enum
import functools
import types
from collections.abc import Callable
from typing import Any

from analyzers.files.parsing import Loc, SourceFile
from analyzers.files.program import Module
from analyzers.interpret.values import Concat, Value


class Uncopyable(Exception):
    """The state holds something the copier cannot copy faithfully (a closure, say)."""


_SHARED: tuple[type, ...] = (
    type(None),
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    range,
    frozenset,
    type,
    enum.Enum,
    Loc,
    SourceFile,
    Module,
    ast.AST,
    types.BuiltinFunctionType,
)


class _Copier:
    def __init__(self, mapping: dict[int, Any]) -> None:
        self.memo: dict[int, Any] = dict(mapping)

    def copy(self, value: Any) -> Any:
        # Most of a state is shared values (names, numbers, locations, frozen values): they
        # are known by their kind alone, before the memo is asked.
        handler = _HANDLERS.get(type(value)) or _learn(type(value))
        if handler is _shared:
            return value
        known = self.memo.get(id(value))
        if known is not None:
            return known
        return handler(self, value)


# The containers below copy their items in loops of their own, each the body of `copy` written
# out: a state holds millions of values, most of them shared, and a call per value (or a
# generator, or a `zip` into `update`) was most of the cost of a copy (this way copies take
# about two thirds of the time they took with a shared generator).


def _shared(_: _Copier, value: Any) -> Any:
    return value


def _list(c: _Copier, value: list[Any]) -> list[Any]:
    new: list[Any] = []
    handlers, memo = _HANDLERS, c.memo
    memo[id(value)] = new
    append = new.append
    for item in value:
        handler = handlers.get(type(item)) or _learn(type(item))
        if handler is _shared:
            append(item)
        else:
            known = memo.get(id(item))
            append(known if known is not None else handler(c, item))
    return new


def _dict(c: _Copier, value: dict[Any, Any]) -> dict[Any, Any]:
    new: dict[Any, Any] = {}
    handlers, memo = _HANDLERS, c.memo
    memo[id(value)] = new
    for old_key, item in value.items():
        key = old_key if type(old_key) is str else c.copy(old_key)
        handler = handlers.get(type(item)) or _learn(type(item))
        if handler is _shared:
            new[key] = item
        else:
            known = memo.get(id(item))
            new[key] = known if known is not None else handler(c, item)
    return new


def _set(c: _Copier, value: set[Any]) -> set[Any]:
    new: set[Any] = set()
    c.memo[id(value)] = new
    new.update(c.copy(item) for item in value)
    return new


def _tuple(c: _Copier, value: tuple[Any, ...]) -> tuple[Any, ...]:
    items: list[Any] = []
    handlers, memo = _HANDLERS, c.memo
    changed = False
    for item in value:
        handler = handlers.get(type(item)) or _learn(type(item))
        if handler is _shared:
            items.append(item)
            continue
        known = memo.get(id(item))
        new_item = known if known is not None else handler(c, item)
        changed = changed or new_item is not item
        items.append(new_item)
    if not changed:
        return value
    new = type(value)(items) if type(value) is tuple else type(value)(*items)
    memo[id(value)] = new
    return new


def _partial(c: _Copier, value: functools.partial[Any]) -> functools.partial[Any]:
    new = functools.partial(
        c.copy(value.func),
        *c.copy(value.args),
        **{key: c.copy(item) for key, item in value.keywords.items()},
    )
    c.memo[id(value)] = new
    return new


def _method(c: _Copier, value: types.MethodType) -> types.MethodType:
    return types.MethodType(value.__func__, c.copy(value.__self__))


def _function(_: _Copier, value: types.FunctionType) -> types.FunctionType:
    if value.__closure__:  # its cells may hold the state being copied
        raise Uncopyable(f"a closure ({value.__qualname__})")
    return value


def _concat(c: _Copier, value: Concat) -> Concat:
    parts = c.copy(value.parts)
    return value if parts is value.parts else Concat(parts)


def _object(c: _Copier, value: Any) -> Any:
    state = getattr(value, "__dict__", None)
    if state is None:
        raise Uncopyable(f"an object of kind {type(value).__name__}")
    new = object.__new__(type(value))
    handlers, memo = _HANDLERS, c.memo
    memo[id(value)] = new
    attributes = new.__dict__
    for key, item in state.items():
        handler = handlers.get(type(item)) or _learn(type(item))
        if handler is _shared:
            attributes[key] = item
        else:
            known = memo.get(id(item))
            attributes[key] = known if known is not None else handler(c, item)
    return new


def _slotted(_: _Copier, value: Any) -> Any:
    raise Uncopyable(f"an object of kind {type(value).__name__}")


_KINDS: dict[type, Callable[[_Copier, Any], Any]] = {
    list: _list,
    dict: _dict,
    set: _set,
    tuple: _tuple,
    functools.partial: _partial,
    types.MethodType: _method,
    types.FunctionType: _function,
    Concat: _concat,
}


# How each kind is copied, learnt once per kind (`_handler`).
_HANDLERS: dict[type, Callable[[_Copier, Any], Any]] = {}


def _learn(kind: type) -> Callable[[_Copier, Any], Any]:
    handler = _HANDLERS[kind] = _handler(kind)
    return handler


def _handler(kind: type) -> Callable[[_Copier, Any], Any]:
    if kind in _KINDS:
        return _KINDS[kind]
    if issubclass(kind, _SHARED):
        return _shared
    if issubclass(kind, tuple):
        return _tuple
    if issubclass(kind, Value) and _frozen(kind):
        return _shared  # Const, Sym, Cond, Hashed...: immutable, made of immutable parts
    if getattr(kind, "__slots__", None):
        return _slotted  # its state is not all in a `__dict__`
    return _object


def _frozen(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return bool(params is not None and params.frozen)


class RunStandIn:
    """Stands in a copied state for the run it was copied from (whose functions' bound imports
    name it), so the copy does not keep that run alive; a run taking the state up replaces it."""


class Snapshot:
    """The state of one run at one point, kept as a private copy."""

    def __init__(self, origin: object, state: dict[str, Any]) -> None:
        self.origin = origin  # stands in the copy for the run it was taken from
        self.state = state


def copy_state(state: dict[str, Any], mapping: dict[int, Any]) -> tuple[dict[str, Any], int]:
    """A copy of `state` whose objects are new, and how many objects it made; `mapping` names
    objects to stand in for others (the run a copy is taken from, and the run taking it up)."""
    copier = _Copier(mapping)
    copied = {name: copier.copy(value) for name, value in state.items()}
    return copied, len(copier.memo) - len(mapping)
