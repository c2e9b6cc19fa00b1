"""`isinstance(x, C)` where the analysis built `x` itself: decided from the classes it knows.

Library code dispatches on the request's type (`if isinstance(req, AdapterRequest): ... elif
isinstance(req, LoRARequest): return req`); left undecided, every such test forks into a world
where an object is served as what it is not. Only what the class graph proves is answered: an
instance of a repository class is an instance of the classes it derives from and of nothing else
when every class it derives from is the repository's own; a base from outside the repository may
derive from anything, so a test it could answer stays unknown. A literal is tested as Python
would when every class named is a built-in type.
"""

from __future__ import annotations

import builtins

from analyzers.interpret.objects import RequestV
from analyzers.interpret.values import ClassV, Const, DictV, Ext, FuncV, InstV, ListV, Value
from analyzers.vllm import api

_OBJECT = "builtins.object"
_TYPE = frozenset({"type", "builtins.type"})


def is_instance(value: Value | None, classes: Value) -> bool | None:
    """True or False when the classes known to the analysis decide the test (None: unknown)."""
    options = classes.items if isinstance(classes, ListV) else [classes]
    if not options:
        return None
    if isinstance(value, Const):
        literal = _literal_is(value, options)
        if literal is not None:
            return literal
    answers = [_one(value, option) for option in options]
    if any(answer is True for answer in answers):
        return True
    if all(answer is False for answer in answers):
        return False
    return None


def _one(value: Value | None, target: Value) -> bool | None:
    if isinstance(target, Ext) and target.qual == _OBJECT:
        return True
    if isinstance(value, InstV):
        return _derives(value.cls, target)
    if isinstance(value, ClassV) and isinstance(target, Ext):
        # A class of the repository is a `type` (a decorator's `isinstance(obj, type)`); it is
        # an instance of no other class the analysis knows by name.
        return target.qual in _TYPE or None
    if isinstance(value, FuncV) and isinstance(target, Ext) and target.qual in _TYPE:
        return False
    if isinstance(value, RequestV):
        return _request_is(value, target)
    if isinstance(value, ListV | DictV):
        return _container_is(value, target)
    if isinstance(value, Const) and value.value is None:
        # None is an instance of no class the repository or vLLM defines
        return False if isinstance(target, ClassV) or _vllm_class(target) else None
    return None


_CONTAINERS = {"list": list, "tuple": tuple, "set": set, "dict": dict}
_BUILTIN_TYPES = {
    name: getattr(builtins, name)
    for name in (
        "str",
        "int",
        "float",
        "bool",
        "bytes",
        "complex",
        "list",
        "dict",
        "tuple",
        "set",
        "frozenset",
    )
}


def _literal_is(value: Const, options: list[Value]) -> bool | None:
    """`isinstance(x, str)` for a literal `x` when every class named is a built-in type."""
    types = [
        _BUILTIN_TYPES.get(item.qual.removeprefix("builtins.")) if isinstance(item, Ext) else None
        for item in options
    ]
    if any(kind is None for kind in types):
        return None
    return isinstance(value.value, tuple(kind for kind in types if kind is not None))


def _container_is(value: ListV | DictV, target: Value) -> bool | None:
    """A list, tuple, set or dict display: an instance of its own built-in type alone."""
    kind = _CONTAINERS.get("dict" if isinstance(value, DictV) else value.kind)
    if kind is None:
        return None
    if isinstance(target, ClassV):
        return False  # built from a display, never from a class of the repository
    if isinstance(target, Ext) and target.qual.startswith("builtins."):
        found = _BUILTIN_TYPES.get(target.qual.removeprefix("builtins."))
        return None if found is None else issubclass(kind, found)
    return None


def _derives(cls: ClassV, target: Value) -> bool | None:
    """Whether `cls` is `target` or derives from it; None where an unknown base might."""
    if cls is target:
        return True
    library = unresolved = False
    for base in cls.bases:
        if isinstance(base, ClassV):
            found = _derives(base, target)
            if found is True:
                return True
            unresolved = unresolved or found is None
        elif isinstance(base, Ext):
            if isinstance(target, Ext) and base.qual == target.qual:
                return True
            library = library or base.qual != _OBJECT
        else:
            unresolved = True  # a base the analysis could not resolve may be anything
    if unresolved:
        return None
    if library and not isinstance(target, ClassV):
        return None  # a library's class may derive from another library's
    return False  # nor does a library's class derive from one of the repository


def _request_is(request: RequestV, target: Value) -> bool | None:
    """A vLLM `LoRARequest` (or a repository subclass of it, which the value does not record)."""
    if isinstance(target, Ext):
        module, _, name = target.qual.rpartition(".")
        if name in api.REQUEST_CLASS_NAMES and (module + ".").startswith(api.MODULE + "."):
            return True
        return None
    if isinstance(target, ClassV) and not request.mock and not _may_derive_from_library(target):
        return False  # a class built from the repository's own classes alone is not vLLM's
    return None


def _may_derive_from_library(cls: ClassV) -> bool:
    return any(
        _may_derive_from_library(base)
        if isinstance(base, ClassV)
        else not (isinstance(base, Ext) and base.qual == _OBJECT)
        for base in cls.bases
    )


def _vllm_class(target: Value) -> bool:
    return isinstance(target, Ext) and target.qual.startswith(api.MODULE + ".")
