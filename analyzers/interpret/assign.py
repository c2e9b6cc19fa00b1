"""Binding values to assignment targets: names, attributes, items, and unpacking."""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import calls, classes, containers, unseen
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import EngineArgsV, EngineV, NamespaceV, RequestV
from analyzers.interpret.scope import Scope
from analyzers.interpret.syntax import key_of
from analyzers.interpret.values import ClassV, Ext, InstV, ModV, SeqSym, Sym, Value
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret.machine import Machine


def named(value: Value, name: str, loc: Loc) -> Value:
    """An unknown made on this line is described by the variable it is stored in."""
    where = value.where if isinstance(value, Sym | SeqSym) else ""
    if not where or where != str(loc):
        return value
    if isinstance(value, Sym) and not value.offset:
        return Sym(value.key, name, 0, value.opaque, where)
    if isinstance(value, SeqSym):
        return SeqSym(value.key, name, where)
    return value


def assign_target(m: Machine, target: ast.expr, value: Value, scope: Scope) -> None:
    if isinstance(target, ast.Name):
        scope.assign(target.id, value)
    elif isinstance(target, ast.Tuple | ast.List):
        _unpack(m, target, value, scope)
    elif isinstance(target, ast.Attribute):
        owner = m.eval(target.value, scope)
        set_attribute(m, owner, target.attr, value, node=target, scope=scope)
    elif isinstance(target, ast.Subscript):
        owner = m.eval(target.value, scope)
        key = key_of(target, scope.module.source.lines)
        if key is not None:
            containers.set_item(m, owner, m.eval(key, scope), value, m.loc(scope.module, target))
    elif isinstance(target, ast.Starred):
        assign_target(m, target.value, value, scope)


def set_attribute(
    m: Machine, owner: Value, name: str, value: Value, *, node: ast.AST, scope: Scope
) -> None:
    if isinstance(owner, InstV) and (setter := classes.property_setter(owner, name)) is not None:
        calls.call_function(m, setter, CallArgs([value]), m.loc(scope.module, node))
    elif isinstance(owner, InstV | ClassV):
        owner.attrs[name] = value
        m.unseen.keep(owner, value)
    elif isinstance(owner, ModV):
        scope_of = owner.scope
        if isinstance(scope_of, Scope):
            scope_of.vars[name] = value
    elif isinstance(owner, NamespaceV | EngineV):
        owner.attrs[name] = value
    elif isinstance(owner, EngineArgsV):  # `args.max_cpu_loras = 4` before the engine is built
        owner.kwargs[name] = value
    elif isinstance(owner, RequestV) and name in api.FIELD_HOLDS:
        # Changing what a request serves after construction is a trap: it is tracked.
        setattr(owner, api.FIELD_HOLDS[name], value)
        owner.mutations.append(m.loc(scope.module, node))
    elif isinstance(owner, RequestV) and api.is_content_field(name):
        owner.content = {**owner.content, name: value}  # new tensors on the same request
    elif isinstance(owner, Sym | Ext):
        unseen.write_attribute(m, owner, name, value, m.loc(scope.module, node))


def _unpack(m: Machine, target: ast.Tuple | ast.List, value: Value, scope: Scope) -> None:
    elements = list(target.elts)
    star = next((i for i, element in enumerate(elements) if isinstance(element, ast.Starred)), None)
    items = containers.unpack(m, value, len(elements), star, m.loc(scope.module, target))
    for element, item in zip(elements, items, strict=False):
        assign_target(m, element, item, scope)
