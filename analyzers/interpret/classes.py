"""Classes and attributes of the analysed code: instances, methods, modules and `a.b` lookups.

A class of the repository is interpreted (its `__init__` runs, its methods bind `self`); one that
derives from vLLM's own `LoRARequest` or an engine class stands for that vLLM object, and a class
merely named `LoRARequest` is the file's own stand-in (a mock).
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import TYPE_CHECKING

from analyzers.files.parsing import Loc
from analyzers.interpret import calls, containers, library, processes, unseen, vllm_api
from analyzers.interpret.callargs import CallArgs
from analyzers.interpret.objects import EngineV, FactoryV, MockV, NamespaceV, RequestV
from analyzers.interpret.scope import Scope
from analyzers.interpret.syntax import dotted, key_of
from analyzers.interpret.values import (
    BoundExt,
    ClassV,
    Const,
    DictV,
    Ext,
    FuncV,
    InstV,
    ModV,
    SuperV,
    Value,
    class_attribute,
    external_base,
    forced,
    mro,
)
from analyzers.vllm import api

if TYPE_CHECKING:
    from analyzers.interpret import runtime
    from analyzers.interpret.machine import Machine


def define_class(m: Machine, node: ast.ClassDef, scope: Scope) -> Value:
    bases = [m.eval(base, scope) for base in node.bases]
    body = Scope(scope.module, scope, is_class=True)
    m.exec_block(node.body, body)
    declared = [
        item
        for item in node.body
        if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
    ]
    fields = [item.target.id for item in declared if isinstance(item.target, ast.Name)]
    uncompared = tuple(
        item.target.id
        for item in declared
        if isinstance(item.target, ast.Name) and _left_out_of_eq(item.value)
    )
    # A decorator (`@dataclass`, `@attrs.define`) or a base outside the repository (pydantic's
    # `BaseModel`, `NamedTuple`) makes the `__init__` that sets defaults; a plain class's
    # instances read the class attribute.
    generated = bool(node.decorator_list) or any(not isinstance(base, ClassV) for base in bases)
    defaults = {name: body.vars[name] for name in fields if generated and name in body.vars}
    made = ClassV(node.name, scope.module, body.vars, bases, fields, uncompared, defaults)
    unseen.owns_routes(m, body, made)
    _init_subclass(m, made, node, scope)
    cls: Value = made
    for decorator in reversed(node.decorator_list):
        cls = _decorated_class(m, decorator, cls, scope)
    return cls


def _init_subclass(m: Machine, cls: ClassV, node: ast.ClassDef, scope: Scope) -> None:
    """A base's `__init_subclass__` runs on each new subclass (a registry of adapter classes,
    each given the next id), with the class statement's keywords."""
    for base in cls.bases:
        hook = class_attribute(base, "__init_subclass__") if isinstance(base, ClassV) else None
        if isinstance(hook, FuncV):
            keywords = {kw.arg: m.eval(kw.value, scope) for kw in node.keywords if kw.arg}
            calls.call_function(
                m, replace(hook, bound_self=cls), CallArgs([], keywords), m.loc(scope.module, node)
            )
            return


def _decorated_class(m: Machine, node: ast.expr, cls: Value, scope: Scope) -> Value:
    """A class decorator of the repository runs on the class (`@register("math")` puts it in a
    registry the run later reads). One from a library (`@dataclass`) leaves it as it was."""
    decorator = calls.decorator_value(m, node, scope)
    if not isinstance(decorator, FuncV | ClassV):
        return cls
    result = calls.call_value(m, decorator, CallArgs([cls]), m.loc(scope.module, node))
    return result if isinstance(result, ClassV | FuncV | InstV) else cls


def _left_out_of_eq(value: ast.expr | None) -> bool:
    """`path: str = field(compare=False)`: the generated `__eq__` and `__hash__` skip it."""
    return (
        isinstance(value, ast.Call)
        and dotted(value.func).rpartition(".")[2] == "field"
        and any(
            kw.arg == "compare" and isinstance(kw.value, ast.Constant) and kw.value.value is False
            for kw in value.keywords
        )
    )


def instantiate(m: Machine, cls: ClassV, args: CallArgs, loc: Loc) -> Value:
    special = _vllm_base(cls)
    positional, keywords = args.positional, args.keywords
    if special in api.REQUEST_CLASS_NAMES or (
        special is None and cls.name in api.REQUEST_CLASS_NAMES
    ):
        # A class of the repository named LoRARequest is its own stand-in (a mock), not vLLM's.
        return vllm_api.build_request(m, args, loc, mock=special is None)
    if special is not None:
        return _engine_of_subclass(m, cls, special, args, loc)
    instance = InstV(cls, born=m.serial())
    init = class_attribute(cls, "__init__")
    if isinstance(init, FuncV):
        # `*args` / `**kwargs` of unknown content go on to `__init__` as they came.
        calls.call_function(m, replace(init, bound_self=instance), args, loc)
        return instance
    if external_base(cls):
        from analyzers.interpret import trainers  # it calls back into the interpreter

        trainers.take_callbacks(m, instance, args, loc)
    fields = _all_fields(cls)
    for index, name in enumerate(fields):
        if index < len(positional):
            instance.attrs[name] = positional[index]
        elif name in keywords:
            instance.attrs[name] = keywords[name]
        else:
            declared = _field_default(cls, name)
            if isinstance(declared, FactoryV):  # `field(default_factory=...)`: one per instance
                instance.attrs[name] = m.call_value(declared.factory, CallArgs(), loc)
            elif declared is not None:
                instance.attrs[name] = declared
    post = class_attribute(cls, "__post_init__")
    if isinstance(post, FuncV):
        calls.call_function(m, replace(post, bound_self=instance), CallArgs(), loc)
    return instance


def _engine_of_subclass(m: Machine, cls: ClassV, kind: str, args: CallArgs, loc: Loc) -> Value:
    """An engine made from a repository subclass of vLLM's (`class QuietLLM(LLM)`): the
    engine itself, with the subclass's methods. Its own `__init__` runs on the engine, and
    the engine's settings are what that passes to `super().__init__(...)`: unknown until then,
    since its parameters are the subclass's, not vLLM's."""
    found = class_attribute(cls, "__init__")
    init = found if isinstance(found, FuncV) else None
    unknown = init is not None or args.star is not None or args.star_star is not None
    settings = dict(args.keywords) if init is None else {}
    engine = vllm_api.build_engine(m, kind, settings, unknown, loc)
    engine.cls = cls
    if init is not None:
        calls.call_function(m, replace(init, bound_self=engine), args, loc)
    return engine


def subclass_attribute(m: Machine, engine: EngineV, name: str, loc: Loc) -> Value | None:
    """What an engine's repository subclass defines under `name`, bound to the engine; None
    where it defines nothing (vLLM's own attribute then)."""
    if engine.cls is None or name in engine.attrs:
        return None
    found = class_attribute(engine.cls, name)
    return _bound(m, engine, name, found, loc) if found is not None else None


def _vllm_base(cls: ClassV) -> str | None:
    """`LoRARequest` or an engine class name when the class derives from vLLM's own."""
    for base in cls.bases:
        if isinstance(base, Ext) and base.qual.startswith(api.MODULE):
            last = base.qual.rpartition(".")[2]
            if last in api.REQUEST_CLASS_NAMES or last in api.ENGINE_CLASS_NAMES:
                return last
        if isinstance(base, ClassV):
            found = _vllm_base(base)
            if found is not None:
                return found
    return None


_MAX_NESTED = 8  # dataclasses inside dataclasses converted by `field_dict`


def field_dict(m: runtime.Machine, instance: InstV, loc: Loc, depth: int = 0) -> DictV | None:
    """`dataclasses.asdict(instance)`: every declared field, the class's default where the
    instance set none, nested dataclasses as dicts; None for a class that declares no field.
    A field with no value the analysis can see is unknown, never left out (`LLM(**asdict(cfg))`
    without `max_cpu_loras=4` is another engine); a base outside the repository may add more."""
    names = _all_fields(instance.cls)
    if not names:
        return None
    values: list[Value] = []
    for name in names:
        value = instance.attrs.get(name)
        if value is None:
            value = class_attribute(instance.cls, name)
        if isinstance(value, InstV) and depth < _MAX_NESTED:
            value = field_dict(m, value, loc, depth + 1) or value
        if value is None or isinstance(value, FactoryV):
            value = m.opaque(f"{instance.cls.name}.{name}", loc)
        values.append(value)
    keys: list[Value] = [Const(name) for name in names]
    return DictV(keys, values, open=external_base(instance.cls))


def _field_default(cls: ClassV, name: str) -> Value | None:
    """The default the generated `__init__` gives a field: the nearest class declaring it, as
    its class statement left it (`type(self).counter += 1` later changes the class attribute,
    not the default)."""
    for owner in mro(cls):
        if isinstance(owner, ClassV) and name in owner.fields:
            return owner.defaults.get(name)
    return None


def _all_fields(cls: ClassV) -> list[str]:
    fields: list[str] = []
    for base in cls.bases:
        if isinstance(base, ClassV):
            fields += [f for f in _all_fields(base) if f not in fields]
    return fields + [f for f in cls.fields if f not in fields]


def property_setter(instance: InstV, name: str) -> FuncV | None:
    """`obj.name = value` where the class defines `name` as a property with a setter."""
    found = class_attribute(instance.cls, name)
    if isinstance(found, FuncV) and "property" in found.decorators:
        setter = found.setter
        return replace(setter, bound_self=instance) if isinstance(setter, FuncV) else None
    return None


def delegated_attribute(m: Machine, instance: InstV, name: str, loc: Loc) -> Value | None:
    """What the class's `__getattr__` answers for an attribute the instance lacks (a wrapper
    that forwards to the engine it holds: `getattr(self._llm.llm_engine, name)`)."""
    if name.startswith("__"):
        return None
    hook = class_attribute(instance.cls, "__getattr__")
    if not isinstance(hook, FuncV):
        return None
    return calls.call_function(m, replace(hook, bound_self=instance), CallArgs([Const(name)]), loc)


def instance_attribute(m: Machine, instance: InstV, name: str, loc: Loc) -> Value | None:
    if name in instance.attrs:
        return instance.attrs[name]
    return _bound(m, instance, name, class_attribute(instance.cls, name), loc)


def _super_attribute(m: Machine, owner: SuperV, name: str, loc: Loc) -> Value:
    """`super().name`: the first class after the method's own that defines it; on an engine
    made from a subclass, vLLM's own attribute once the repository's classes have none."""
    instance = owner.instance
    found = _after_in_order(owner, name)
    if found is not None and isinstance(instance, InstV | EngineV):
        bound = _bound(m, instance, name, found, loc)
        if bound is not None:
            return bound
    if isinstance(instance, EngineV):
        if name == "__init__":
            return BoundExt(instance, name)
        return vllm_api.engine_attribute(m, instance, name, loc)
    return m.opaque(f"super().{name}", loc)


def _after_in_order(owner: SuperV, name: str) -> Value | None:
    """What `super().name` finds in the repository's classes: the first class after the
    method's own in the instance's order, which a mixin's `super()` reaches in a sibling base
    (`class Worker(Tracing, PinnedId)`); else, the method's class not being in that order
    (`super(Other, self)`), the first of that class's own bases that has it."""
    instance = owner.instance
    cls = instance.cls if isinstance(instance, InstV | EngineV) else None
    if cls is not None and any(klass is owner.start for klass in mro(cls)):
        return class_attribute(cls, name, after=owner.start)
    for base in owner.start.bases:
        found = class_attribute(base, name) if isinstance(base, ClassV) else None
        if found is not None:
            return found
    return None


def _bound(
    m: Machine, instance: InstV | EngineV, name: str, found: Value | None, loc: Loc
) -> Value | None:
    """A class attribute as read through an instance: methods bound, properties called; a
    `cached_property` is computed once and kept in the instance (as its `__dict__` keeps it),
    so every later read, until a `del`, gets the same value."""
    if isinstance(found, FuncV):
        if "staticmethod" in found.decorators:
            return found
        if "classmethod" in found.decorators:
            return replace(found, bound_self=instance.cls or found.bound_self)
        bound = replace(found, bound_self=instance)
        if "property" in found.decorators:
            return calls.call_function(m, bound, CallArgs(), loc)
        if "cached_property" in found.decorators:
            instance.attrs[name] = calls.call_function(m, bound, CallArgs(), loc)
            m.unseen.keep(instance, instance.attrs[name])
            return instance.attrs[name]
        return bound
    return found


# -- attributes ----------------------------------------------------------------------------


def get_attribute(m: Machine, owner: Value, name: str, loc: Loc) -> Value:
    if isinstance(owner, ModV):
        return _module_attribute(m, owner, name, loc)
    if isinstance(owner, InstV):
        found = instance_attribute(m, owner, name, loc)
        if found is not None:
            return found
        delegated = delegated_attribute(m, owner, name, loc)
        if delegated is not None:
            return delegated
        if not external_base(owner.cls):
            return m.opaque(f"{owner.cls.name}.{name}", loc)
        # Numbered by the run, not by the object's address: the same run gives the same report.
        key = f"attr#{m.serial()}.{name}"
        owner.attrs[name] = m.fixed(key, f"self.{name}", loc)
        return owner.attrs[name]
    if isinstance(owner, SuperV):
        return _super_attribute(m, owner, name, loc)
    if isinstance(owner, ClassV):
        found = class_attribute(owner, name)
        if isinstance(found, FuncV) and "classmethod" in found.decorators:
            return replace(found, bound_self=owner)
        return found if found is not None else m.opaque(f"{owner.name}.{name}", loc)
    if isinstance(owner, Ext):
        return library.external_attribute(m, owner.qual, name, loc)
    if isinstance(owner, EngineV):
        own = subclass_attribute(m, owner, name, loc)
        return own if own is not None else vllm_api.engine_attribute(m, owner, name, loc)
    if isinstance(owner, RequestV):
        return vllm_api.request_attribute(m, owner, name, loc)
    if isinstance(owner, NamespaceV):
        if name in owner.notes:
            m.trace.assume(owner.notes[name])
        if name in owner.attrs:
            return owner.attrs[name]
        owner.attrs[name] = m.fixed(f"{owner.desc}.{name}", f"{owner.desc}.{name}", loc)
        return owner.attrs[name]
    if isinstance(owner, MockV):
        return MockV(f"{owner.desc}.{name}")
    if isinstance(owner, processes.ActorV):
        return processes.actor_attribute(m, owner, name, loc)
    if isinstance(owner, FuncV) and name == "__name__":
        return Const(owner.name)
    return library.value_attribute(m, owner, name, loc)


def _module_attribute(m: Machine, owner: ModV, name: str, loc: Loc) -> Value:
    scope = owner.scope
    if isinstance(scope, Scope) and name in scope.vars:
        return forced(scope.vars[name])
    submodule = m.import_module(f"{owner.module.name}.{name}", owner.module)
    if submodule is not None:
        return submodule
    return m.opaque(f"{owner.module.name}.{name}", loc)


def delete_item(m: Machine, target: ast.Subscript, scope: Scope) -> None:
    owner = m.eval(target.value, scope)
    key = key_of(target, scope.module.source.lines)
    if key is None:
        return
    if containers.is_environ(owner):  # `del os.environ["ADAPTER"]`
        containers.set_environment(m, m.eval(key, scope), None, m.loc(scope.module, target))
    else:
        containers.delete_key(m, owner, m.eval(key, scope), expected=True)
