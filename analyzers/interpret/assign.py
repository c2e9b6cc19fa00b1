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
from analyzers.interpret.values import ClassV, Const, Ext, InstV, ModV, SeqSym, Sym, Value
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
        set_attribute(m, owner, target.attr, value, m.loc(scope.module, target))
    elif isinstance(target, ast.Subscript):
        key = key_of(target, scope.module.source.lines)
        attributes_of = _attribute_table(target.value)
        if key is not None and attributes_of is not None:  # `req.__dict__["lora_int_id"] = 1`
            name = m.eval(key, scope)
            owner = m.eval(attributes_of, scope)
            set_named_attribute(m, owner, name, value, m.loc(scope.module, target))
            return
        owner = m.eval(target.value, scope)
        if key is not None:
            containers.set_item(m, owner, m.eval(key, scope), value, m.loc(scope.module, target))
    elif isinstance(target, ast.Starred):
        assign_target(m, target.value, value, scope)


def set_attribute(m: Machine, owner: Value, name: str, value: Value, loc: Loc) -> None:
    """`owner.name = value`, however spelt: an assignment, `setattr`, `object.__setattr__`,
    `owner.__dict__[name] = value`."""
    if isinstance(owner, InstV) and (setter := classes.property_setter(owner, name)) is not None:
        calls.call_function(m, setter, CallArgs([value]), loc)
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
        owner.mutations.append(loc)
    elif isinstance(owner, RequestV) and api.is_content_field(name):
        owner.content = {**owner.content, name: value}  # new tensors on the same request
    elif isinstance(owner, Sym | Ext):
        unseen.write_attribute(m, owner, name, value, loc)


def _attribute_table(node: ast.expr) -> ast.expr | None:
    """The object whose attributes `node` is: `x` of `x.__dict__` or `vars(x)`."""
    if isinstance(node, ast.Attribute) and node.attr == "__dict__":
        return node.value
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "vars"
        and len(node.args) == 1
        and not node.keywords
    ):
        return node.args[0]
    return None


def set_named_attribute(m: Machine, owner: Value, name: Value, value: Value, loc: Loc) -> None:
    """`setattr(owner, name, value)`: a known name is an assignment; an unknown one may be
    the id or the path of a request, so both are then unknown."""
    if isinstance(name, Const) and isinstance(name.value, str):
        set_attribute(m, owner, name.value, value, loc)
    elif isinstance(owner, RequestV):
        for field in api.REQUEST_FIELDS:
            if field.holds in ("lora_id", "path"):
                desc = f"the {field.name} after `{loc.code}`"
                setattr(owner, field.holds, m.opaque(desc, loc))
        owner.mutations.append(loc)


def _unpack(m: Machine, target: ast.Tuple | ast.List, value: Value, scope: Scope) -> None:
    elements = list(target.elts)
    star = next((i for i, element in enumerate(elements) if isinstance(element, ast.Starred)), None)
    items = containers.unpack(m, value, len(elements), star, m.loc(scope.module, target))
    for element, item in zip(elements, items, strict=False):
        assign_target(m, element, item, scope)
